/// Why ``WebhookClient/send(url:secret:id:body:timeout:maxAnswerBytes:now:)`` did not deliver a webhook.
public struct WebhookError: Error, Hashable, Sendable, CustomStringConvertible {
    private enum Code: Hashable, Sendable {
        case status(Int, excerpt: String)
        case answerTooLarge
        case unreachable(String)
        case invalidRequest(String)
        case cancelled
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// The receiver answered with a status outside 200–299; `excerpt` is the start of its answer.
    public static func status(_ code: Int, excerpt: String) -> Self { .init(.status(code, excerpt: excerpt)) }
    /// The answer was longer than the allowed number of bytes.
    public static let answerTooLarge = WebhookError(.answerTooLarge)
    /// No complete answer: the connection failed or broke, or the timeout passed; `message` is libcurl's.
    public static func unreachable(message: String) -> Self { .init(.unreachable(message)) }
    /// Nothing was sent: the URL is not http(s), the id is not visible ASCII, or `now` is not a time.
    public static func invalidRequest(message: String) -> Self { .init(.invalidRequest(message)) }
    /// The calling task was cancelled.
    public static let cancelled = WebhookError(.cancelled)

    /// The receiver's status code, for ``status(_:excerpt:)``.
    public var statusCode: Int? {
        if case .status(let status, _) = code { return status }
        return nil
    }

    /// True for ``unreachable(message:)`` errors, whatever their message.
    public var isUnreachable: Bool {
        if case .unreachable = code { return true }
        return false
    }

    /// True for ``invalidRequest(message:)`` errors, whatever their message.
    public var isInvalidRequest: Bool {
        if case .invalidRequest = code { return true }
        return false
    }

    public var description: String {
        switch code {
        case .status(let status, let excerpt): "webhook answered \(status): \(excerpt)"
        case .answerTooLarge: "webhook answer too large"
        case .unreachable(let message): "webhook unreachable: \(message)"
        case .invalidRequest(let message): "webhook not sent: \(message)"
        case .cancelled: "webhook cancelled"
        }
    }
}
