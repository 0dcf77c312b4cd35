/// Why ``WebhookSecret/verify(headers:body:now:tolerance:)`` refused a message.
public struct WebhookVerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case missingHeader(String)
        case malformedTimestamp
        case timestampOutOfTolerance
        case noMatchingSignature
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The header `name` is missing or empty.
    public static func missingHeader(_ name: String) -> Self { .init(.missingHeader(name)) }
    /// `webhook-timestamp` is not whole seconds in decimal digits.
    public static let malformedTimestamp = WebhookVerificationError(.malformedTimestamp)
    /// `webhook-timestamp` is further from now than the tolerance, in the past or the future.
    public static let timestampOutOfTolerance = WebhookVerificationError(.timestampOutOfTolerance)
    /// No `v1,` signature in `webhook-signature` matches the message.
    public static let noMatchingSignature = WebhookVerificationError(.noMatchingSignature)

    public var description: String {
        switch code {
        case .missingHeader(let name): "webhook header \(name) is missing"
        case .malformedTimestamp: "webhook timestamp is not whole seconds"
        case .timestampOutOfTolerance: "webhook timestamp is too far from now"
        case .noMatchingSignature: "no webhook signature matches"
        }
    }
}
