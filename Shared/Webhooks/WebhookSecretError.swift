/// Why a text is not a ``WebhookSecret``.
public struct WebhookSecretError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missingPrefix
        case malformedBase64
        case keyLength(Int)
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The text does not start with `whsec_`.
    public static let missingPrefix = WebhookSecretError(.missingPrefix)
    /// What follows `whsec_` is not canonical padded standard base64.
    public static let malformedBase64 = WebhookSecretError(.malformedBase64)
    /// The key has `count` bytes, outside ``WebhookSecret/keyLengths``.
    public static func keyLength(_ count: Int) -> Self { .init(.keyLength(count)) }

    public var description: String {
        switch code {
        case .missingPrefix: "webhook secret must start with \(WebhookSecret.prefix)"
        case .malformedBase64: "webhook secret after \(WebhookSecret.prefix) is not padded standard base64"
        case .keyLength(let count):
            "webhook secret key has \(count) bytes, expected \(WebhookSecret.keyLengths.lowerBound) to "
                + "\(WebhookSecret.keyLengths.upperBound)"
        }
    }
}
