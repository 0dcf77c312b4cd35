import WireModel

/// The rules of the strings an AuthStore action carries.
extension InputRule {
    /// A password as typed; only its size is bounded: 4 KiB of UTF-8.
    static let password = InputRule(length: 1...4096, allowsControlCharacters: true, maxBytes: 4096)
    static let otpCode = InputRule(length: 4...12, shape: .digits(4...12))
    static let totpCode = InputRule(length: 6...8, shape: .digits(6...8))
    static let recoveryCode = InputRule(length: 8...128, shape: .groupedCode(8...64))
    static let redirectURI = InputRule(length: 3...2048, shape: .absoluteURI)
    static let oauthCode = InputRule(length: 1...2048)
    static let oauthState = InputRule(length: 1...1024)
    static let transferAck = InputRule(length: 1...4096, shape: .signature)
}
