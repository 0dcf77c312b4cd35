#include <vips/vips.h>

/*
 * Swift cannot call C variadic functions, and libvips takes its optional arguments as a NULL-terminated
 * list of name/value pairs. These wrappers fix the options the Images module uses.
 */

/* Loads an encoded image from memory for one pass from top to bottom, failing on truncated or corrupt
 * data instead of filling in the missing pixels. The image refers to data, which must outlive it.
 * Returns NULL (with the reason in vips' error buffer) when no loader accepts the bytes. */
static inline VipsImage *folio_vips_load_buffer_sequential(const void *data, size_t length)
{
    return vips_image_new_from_buffer(
        data, length, "", "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_ERROR, NULL);
}

/* The mean of every band of every pixel: decodes the whole image. 0 on success, -1 on failure. */
static inline int folio_vips_avg(VipsImage *image, double *mean)
{
    return vips_avg(image, mean, NULL);
}

/* Encodes image in the format of suffix (".png", ".jpg", ...) into a buffer the caller frees with
 * g_free. 0 on success, -1 on failure. */
static inline int folio_vips_write_to_buffer(VipsImage *image, const char *suffix, void **buffer, size_t *length)
{
    return vips_image_write_to_buffer(image, suffix, buffer, length, NULL);
}
