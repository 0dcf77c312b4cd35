#ifndef FOLIO_CSHIMS_H
#define FOLIO_CSHIMS_H

/*
 * Non-variadic wrappers around the variadic parts of libmicrohttpd and
 * libcurl, which Swift cannot call directly.
 */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>
#include <curl/curl.h>

/* Error codes reported by folio_mhd_start through error_out. */
#define FOLIO_MHD_START_OK 0
#define FOLIO_MHD_START_BAD_ADDRESS 1
#define FOLIO_MHD_START_FAILED 2
#define FOLIO_MHD_START_NO_TLS 3

/*
 * Starts a daemon bound to bind_ip:port (IPv4 or IPv6 literal; port 0 picks an
 * ephemeral port) with MHD_OPTION_SOCK_ADDR, MHD_OPTION_NOTIFY_COMPLETED,
 * MHD_OPTION_CONNECTION_LIMIT, MHD_OPTION_CONNECTION_TIMEOUT,
 * MHD_OPTION_CONNECTION_MEMORY_LIMIT and, when thread_pool_size > 1,
 * MHD_OPTION_THREAD_POOL_SIZE. When tls_cert_pem and tls_key_pem are both
 * non-NULL the daemon speaks only HTTPS (MHD_USE_TLS with
 * MHD_OPTION_HTTPS_MEM_CERT and MHD_OPTION_HTTPS_MEM_KEY); *error_out is
 * FOLIO_MHD_START_NO_TLS when this libmicrohttpd was built without TLS.
 * Returns NULL and sets *error_out on failure (errno is left as MHD set it).
 */
struct MHD_Daemon *folio_mhd_start(unsigned int flags, uint16_t port, const char *bind_ip,
                                   MHD_AccessHandlerCallback handler, void *handler_cls,
                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                   unsigned int connection_limit, unsigned int timeout_seconds,
                                   size_t memory_limit, unsigned int thread_pool_size,
                                   const char *tls_cert_pem, const char *tls_key_pem,
                                   int *error_out);

/* 1 when this libmicrohttpd can serve HTTPS (MHD_FEATURE_TLS), else 0. */
int folio_mhd_tls_supported(void);

/* The port the daemon listens on, or 0 if it cannot be determined. */
uint16_t folio_mhd_bound_port(struct MHD_Daemon *daemon);

/*
 * Writes the client's numeric address (NUL-terminated) into buffer and its port
 * into *port_out. Returns 0 on success, -1 if the address is unknown.
 */
int folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t buffer_size,
                             uint16_t *port_out);

CURLcode folio_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode folio_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode folio_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode folio_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
/* For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION. */
CURLcode folio_curl_setopt_function(CURL *handle, CURLoption option, curl_write_callback callback);
/* For CURLOPT_XFERINFOFUNCTION. */
CURLcode folio_curl_setopt_xferinfo(CURL *handle, curl_xferinfo_callback callback);
CURLcode folio_curl_getinfo_long(CURL *handle, CURLINFO info, long *value_out);

#endif
