#ifndef FOLIO_CIDNA_H
#define FOLIO_CIDNA_H

#include <stdint.h>

/*
 * UTS #46 ToASCII of a UTF-8 domain name by ICU, with the options of the URL Standard's "domain to
 * ASCII": CheckBidi, CheckJoiners, nontransitional processing, no STD3 rules.
 *
 * ICU's headers stay out of this one: Foundation brings its own copy of ICU as a Clang module whose
 * types (UErrorCode, …) clash with the system's, and ICU's function names carry its version
 * (uidna_openUTS46_72), which only cidna.c, compiled against the installed headers, needs to know.
 *
 * Writes at most capacity bytes of the result to output (no NUL) and returns its length, which is
 * larger than capacity when output was too small (call again with that many bytes), or -1 when ICU
 * fails outright. *errors receives ICU's UIDNA_ERROR_* bits for the name.
 */
int32_t cidna_domain_to_ascii(
    const char *domain, int32_t length, char *output, int32_t capacity, uint32_t *errors);

/* The UIDNA_ERROR_* bits the URL Standard does not check (it sets CheckHyphens and VerifyDnsLength
 * to false): empty labels, labels and names too long for DNS, hyphens at the start, end or in the
 * third and fourth place. */
extern const uint32_t cidna_errors_not_checked_by_urls;

#endif
