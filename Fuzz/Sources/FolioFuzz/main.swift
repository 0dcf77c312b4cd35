import CFuzzer

#if canImport(Glibc)
    import Glibc
#endif

// folio-fuzz: FOLIO_FUZZ_TARGET names the target (its libFuzzer flags and corpus folders follow as arguments);
// FOLIO_FUZZ_TARGET=list prints the targets with their -max_len, one a line, for scripts/fuzz.sh. The variable,
// not an argument, names the target so that the processes libFuzzer starts itself (-fork, -minimize_crash) run
// the same one.

let name = getenv("FOLIO_FUZZ_TARGET").map { String(cString: $0) } ?? ""
if name == "list" {
    for target in fuzzTargets { print("\(target.name) \(target.maxLength)") }
    exit(0)
}
guard let target = fuzzTargets.first(where: { $0.name == name }) else {
    print("folio-fuzz: set FOLIO_FUZZ_TARGET to one of: \(fuzzTargets.map { $0.name }.joined(separator: " "))")
    exit(2)
}
selectedTarget = target

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, folioFuzzTestOneInput))
