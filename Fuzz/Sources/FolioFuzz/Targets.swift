#if canImport(Glibc)
    import Glibc
#endif

/// One fuzz target: a name (FOLIO_FUZZ_TARGET, the folder of its seeds in Fuzz/Corpus) and the function libFuzzer
/// feeds each input to. A target only returns or, when the code it feeds breaks a rule it promises, stops the
/// process through ``FuzzCheck/fail(_:)`` so libFuzzer keeps the input.
protocol FuzzTarget {
    static var name: String { get }
    /// Longest input worth trying (scripts/fuzz.sh passes it as -max_len).
    static var maxLength: Int { get }
    static func run(_ bytes: [UInt8])
}

extension FuzzTarget {
    static var maxLength: Int { 4096 }
}

/// Every target, in the order scripts/fuzz.sh runs them.
nonisolated(unsafe) let fuzzTargets: [any FuzzTarget.Type] = [
    JSONParserTarget.self,
    JSONRPCCodecTarget.self,
    JSONRPCReplyTarget.self,
    AuthActionTarget.self,
    SessionActionTarget.self,
    InquiryActionTarget.self,
    VaultActionTarget.self,
    DocumentListActionTarget.self,
    DocumentActionTarget.self,
    ExampleActionTarget.self,
    MaskTarget.self,
    DateTarget.self,
    PhoneTarget.self,
    LinkTarget.self,
    FrameTarget.self,
    ImageTarget.self,
    FolioAnswerTarget.self,
]

/// The target FOLIO_FUZZ_TARGET names, chosen on first use (main uses it before libFuzzer starts). The variable,
/// not an argument, names the target so that the processes libFuzzer starts itself (-fork, -minimize_crash) run
/// the same one. FOLIO_FUZZ_TARGET=list prints the targets with their -max_len, one a line, for scripts/fuzz.sh.
let selectedTarget: any FuzzTarget.Type = {
    let name = getenv("FOLIO_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    if name == "list" {
        for target in fuzzTargets { print("\(target.name) \(target.maxLength)") }
        exit(0)
    }
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        print("folio-fuzz: set FOLIO_FUZZ_TARGET to one of: \(fuzzTargets.map { $0.name }.joined(separator: " "))")
        exit(2)
    }
    return target
}()

/// One input for the selected target.
func runSelectedTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
}

/// libFuzzer's entry point by its conventional name. main.swift's main is the one that runs, but libFuzzer's own
/// main, which refers to this, comes along from its archive in a debug build and must link.
@_cdecl("LLVMFuzzerTestOneInput")
public func folioFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    runSelectedTarget(data, size)
    return 0
}
