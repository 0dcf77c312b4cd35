#include "cidna.h"

#include <unicode/uidna.h>

const uint32_t cidna_errors_not_checked_by_urls =
    UIDNA_ERROR_EMPTY_LABEL | UIDNA_ERROR_LABEL_TOO_LONG | UIDNA_ERROR_DOMAIN_NAME_TOO_LONG |
    UIDNA_ERROR_LEADING_HYPHEN | UIDNA_ERROR_TRAILING_HYPHEN | UIDNA_ERROR_HYPHEN_3_4;

int32_t cidna_domain_to_ascii(
    const char *domain, int32_t length, char *output, int32_t capacity, uint32_t *errors)
{
    UErrorCode status = U_ZERO_ERROR;
    UIDNA *idna = uidna_openUTS46(
        UIDNA_CHECK_BIDI | UIDNA_CHECK_CONTEXTJ | UIDNA_NONTRANSITIONAL_TO_ASCII, &status);
    if (U_FAILURE(status)) {
        return -1;
    }
    UIDNAInfo info = UIDNA_INFO_INITIALIZER;
    int32_t written = uidna_nameToASCII_UTF8(idna, domain, length, output, capacity, &info, &status);
    uidna_close(idna);
    if (U_FAILURE(status) && status != U_BUFFER_OVERFLOW_ERROR) {
        return -1;
    }
    *errors = info.errors;
    return written;
}
