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

/// The target FOLIO_FUZZ_TARGET names, chosen in main before libFuzzer starts.
nonisolated(unsafe) var selectedTarget: (any FuzzTarget.Type)?

/// libFuzzer's entry point: one input for the selected target.
@_cdecl("LLVMFuzzerTestOneInput")
public func folioFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?.run(bytes)
    return 0
}
