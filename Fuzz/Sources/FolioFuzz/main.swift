import CFuzzer

#if canImport(Glibc)
    import Glibc
#endif

// folio-fuzz: FOLIO_FUZZ_TARGET names the target; libFuzzer's flags and corpus folders are the arguments
// (docs/fuzzing.md). A release build starts here: SwiftPM points an executable's `main` at this file, so libFuzzer's
// own main is not linked and this one hands libFuzzer's driver the selected target.

_ = selectedTarget
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(
    LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        runSelectedTarget(data, size)
        return 0
    })
