#ifndef FOLIO_CPHONENUMBER_H
#define FOLIO_CPHONENUMBER_H

/*
 * A small C API over libphonenumber (i18n::phonenumbers::PhoneNumberUtil and
 * AsYouTypeFormatter), so Swift can format and check phone numbers without
 * C++ interop.
 *
 * Conventions:
 * - Every function returns a CPHONE_* status and never throws; a C++
 *   exception inside becomes CPHONE_INTERNAL_ERROR.
 * - region is a NUL-terminated ISO 3166 alpha-2 code in upper case ("CH")
 *   that libphonenumber supports; anything else is CPHONE_UNKNOWN_REGION.
 * - input is a national number as typed: input_length bytes of UTF-8 (no NUL
 *   needed) of at most CPHONE_MAX_INPUT_LENGTH bytes. ASCII digits count;
 *   the separators space, '-', '.', '/', '(' and ')' are skipped; any other
 *   byte is CPHONE_INVALID_CHARACTER (a leading '+' too: the country comes
 *   from region). input may be NULL when input_length is 0.
 * - Text results are UTF-8, written NUL-terminated into the caller's buffer
 *   out of out_size bytes. *out_length (when not NULL) receives the length
 *   without the NUL, also when the status is CPHONE_BUFFER_TOO_SMALL, so the
 *   caller can retry with out_length + 1 bytes.
 * - Every function may be called from any thread at the same time: the shared
 *   PhoneNumberUtil is only read, and an as-you-type formatter (not
 *   thread-safe) is lent to one call at a time from a per-region pool.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
#define CPHONE_OK 0
#define CPHONE_INVALID_ARGUMENT 1 /* a required pointer is NULL, or an unknown format/type */
#define CPHONE_UNKNOWN_REGION 2
#define CPHONE_INPUT_TOO_LONG 3
#define CPHONE_INVALID_CHARACTER 4
#define CPHONE_BUFFER_TOO_SMALL 5
#define CPHONE_NOT_A_NUMBER 6      /* the input has no digits */
#define CPHONE_TOO_SHORT 7         /* fewer digits than any number can have (one digit, or an IDD alone) */
#define CPHONE_TOO_LONG 8          /* more digits than any number can have */
#define CPHONE_INVALID_COUNTRY_CODE 9
#define CPHONE_NO_EXAMPLE 10       /* the region has no example number of that type */
#define CPHONE_INTERNAL_ERROR 11   /* a C++ exception, e.g. std::bad_alloc */

/* The longest input accepted, in bytes. */
#define CPHONE_MAX_INPUT_LENGTH 64

/* Output formats (PhoneNumberUtil::PhoneNumberFormat). */
#define CPHONE_FORMAT_E164 0          /* +41446681800 */
#define CPHONE_FORMAT_INTERNATIONAL 1 /* +41 44 668 18 00 */
#define CPHONE_FORMAT_NATIONAL 2      /* 044 668 18 00 */
#define CPHONE_FORMAT_RFC3966 3       /* tel:+41-44-668-18-00 */

/* Why a number is or is not possible (PhoneNumberUtil::ValidationResult). */
#define CPHONE_POSSIBLE 0
#define CPHONE_POSSIBLE_LOCAL_ONLY 1
#define CPHONE_POSSIBLE_INVALID_COUNTRY_CODE 2
#define CPHONE_POSSIBLE_TOO_SHORT 3
#define CPHONE_POSSIBLE_INVALID_LENGTH 4
#define CPHONE_POSSIBLE_TOO_LONG 5

/* Number types (PhoneNumberUtil::PhoneNumberType). */
#define CPHONE_TYPE_FIXED_LINE 0
#define CPHONE_TYPE_MOBILE 1
#define CPHONE_TYPE_FIXED_LINE_OR_MOBILE 2
#define CPHONE_TYPE_TOLL_FREE 3
#define CPHONE_TYPE_PREMIUM_RATE 4
#define CPHONE_TYPE_SHARED_COST 5
#define CPHONE_TYPE_VOIP 6
#define CPHONE_TYPE_PERSONAL_NUMBER 7
#define CPHONE_TYPE_PAGER 8
#define CPHONE_TYPE_UAN 9
#define CPHONE_TYPE_VOICEMAIL 10
#define CPHONE_TYPE_UNKNOWN 11

/* What cphone_check reports about a parsed number. */
typedef struct cphone_validity {
    int32_t country_code;     /* the country calling code of the number, e.g. 41 */
    int32_t possible;         /* a CPHONE_POSSIBLE_* reason (length check only) */
    int32_t valid;            /* 1 when PhoneNumberUtil::IsValidNumber holds, else 0 */
    int32_t valid_for_region; /* 1 when the number is valid in region itself, else 0 */
    int32_t type;             /* a CPHONE_TYPE_* */
} cphone_validity;

/* 1 when libphonenumber has numbering data for region, else 0 (also for NULL). */
int cphone_is_supported_region(const char *region);

/* The country calling code of region ("CH" -> 41) in *code_out. */
int cphone_country_code(const char *region, int32_t *code_out);

/*
 * Feeds the digits of input one by one to an AsYouTypeFormatter for region
 * and writes the formatted text ("0446681" -> "044 668 1" for CH). No digits
 * give "".
 */
int cphone_as_you_type(const char *region, const char *input, size_t input_length, char *out,
                       size_t out_size, size_t *out_length);

/*
 * Parses input as a national number of region (a leading national prefix
 * such as the 0 of CH is allowed) and writes it in format (CPHONE_FORMAT_*).
 * Fails with CPHONE_NOT_A_NUMBER, CPHONE_TOO_SHORT, CPHONE_TOO_LONG or
 * CPHONE_INVALID_COUNTRY_CODE when libphonenumber cannot parse it. It does
 * not check validity: see cphone_check.
 */
int cphone_format(const char *region, const char *input, size_t input_length, int32_t format,
                  char *out, size_t out_size, size_t *out_length);

/* Parses input like cphone_format and reports its validity in *validity_out. */
int cphone_check(const char *region, const char *input, size_t input_length,
                    cphone_validity *validity_out);

/*
 * Writes libphonenumber's example number of type (CPHONE_TYPE_*) for region
 * in format. CPHONE_NO_EXAMPLE when the region has none of that type.
 */
int cphone_example_number(const char *region, int32_t type, int32_t format, char *out,
                          size_t out_size, size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif
