#ifndef FOLIO_CFUZZER_H
#define FOLIO_CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): parses the flags in argv and fuzzes `callback`.
/// folio-fuzz calls it from its own main, because SwiftPM points an executable's `main` at the module's entry
/// point, which leaves libFuzzer's main unused.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
