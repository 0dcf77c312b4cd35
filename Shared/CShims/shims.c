#include "CShims.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

struct MHD_Daemon *folio_mhd_start(unsigned int flags, uint16_t port, const char *bind_ip,
                                   MHD_AccessHandlerCallback handler, void *handler_cls,
                                   MHD_RequestCompletedCallback completed, void *completed_cls,
                                   unsigned int connection_limit, unsigned int timeout_seconds,
                                   size_t memory_limit, unsigned int thread_pool_size,
                                   const char *tls_cert_pem, const char *tls_key_pem,
                                   int *error_out) {
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    const struct sockaddr *address;
    struct MHD_Daemon *daemon;
    struct MHD_OptionItem options[10];
    int count = 0;

    memset(&v4, 0, sizeof(v4));
    memset(&v6, 0, sizeof(v6));
    if (bind_ip != NULL && inet_pton(AF_INET, bind_ip, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons(port);
        address = (const struct sockaddr *)&v4;
    } else if (bind_ip != NULL && inet_pton(AF_INET6, bind_ip, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons(port);
        address = (const struct sockaddr *)&v6;
        flags |= MHD_USE_IPv6;
    } else {
        if (error_out != NULL) *error_out = FOLIO_MHD_START_BAD_ADDRESS;
        return NULL;
    }

    options[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)address};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)completed, completed_cls};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)connection_limit, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t)timeout_seconds, NULL};
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)memory_limit, NULL};
    if (thread_pool_size > 1) {
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)thread_pool_size, NULL};
    }
    if (tls_cert_pem != NULL && tls_key_pem != NULL) {
        if (!folio_mhd_tls_supported()) {
            if (error_out != NULL) *error_out = FOLIO_MHD_START_NO_TLS;
            return NULL;
        }
        flags |= MHD_USE_TLS;
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)tls_cert_pem};
        options[count++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)tls_key_pem};
    }
    options[count++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

    daemon = MHD_start_daemon(flags, port, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                              MHD_OPTION_END);
    if (error_out != NULL) *error_out = daemon == NULL ? FOLIO_MHD_START_FAILED : FOLIO_MHD_START_OK;
    return daemon;
}

int folio_mhd_tls_supported(void) {
    return MHD_is_feature_supported(MHD_FEATURE_TLS) == MHD_YES ? 1 : 0;
}

uint16_t folio_mhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info;
    struct sockaddr_storage storage;
    socklen_t length = sizeof(storage);

    if (daemon == NULL) return 0;
    info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    if (info != NULL && info->port != 0) return info->port;

    info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    if (info == NULL || info->listen_fd == MHD_INVALID_SOCKET) return 0;
    memset(&storage, 0, sizeof(storage));
    if (getsockname(info->listen_fd, (struct sockaddr *)&storage, &length) != 0) return 0;
    if (storage.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&storage)->sin_port);
    if (storage.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&storage)->sin6_port);
    return 0;
}

int folio_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t buffer_size,
                             uint16_t *port_out) {
    const union MHD_ConnectionInfo *info;
    const struct sockaddr *address;

    if (buffer == NULL || buffer_size == 0) return -1;
    buffer[0] = '\0';
    info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return -1;
    address = info->client_addr;
    if (address->sa_family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *)address;
        if (inet_ntop(AF_INET, &v4->sin_addr, buffer, (socklen_t)buffer_size) == NULL) return -1;
        if (port_out != NULL) *port_out = ntohs(v4->sin_port);
        return 0;
    }
    if (address->sa_family == AF_INET6) {
        const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)address;
        if (inet_ntop(AF_INET6, &v6->sin6_addr, buffer, (socklen_t)buffer_size) == NULL) return -1;
        if (port_out != NULL) *port_out = ntohs(v6->sin6_port);
        return 0;
    }
    return -1;
}

CURLcode folio_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode folio_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode folio_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode folio_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode folio_curl_setopt_function(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode folio_curl_setopt_xferinfo(CURL *handle, curl_xferinfo_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode folio_curl_getinfo_long(CURL *handle, CURLINFO info, long *value_out) {
    return curl_easy_getinfo(handle, info, value_out);
}
