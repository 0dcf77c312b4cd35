/// A failed call to Folio.
///
/// Retry policy lives here, once for every service: timeouts, dropped connections, an unreachable
/// Folio, 5xx and 429 answers are retryable; other 4xx answers, malformed answers and cancellation
/// are not, except 409 `IDEMPOTENCY_KEY_IN_PROGRESS` (the first request with the key is still running).
public struct FolioClientError: Error, Equatable, CustomStringConvertible {
    private enum Kind: Equatable {
        case api(status: Int, code: String)
        case timeout
        case unreachable
        case connectionDropped
        case malformedResponse
        case cancelled
        case responseTooLarge
    }

    private let kind: Kind
    /// The error message of an API error, or what went wrong otherwise.
    public let message: String
    /// How long Folio asked to wait before retrying (`retryAfterSeconds` or `Retry-After`).
    public let retryAfterSeconds: Int?

    private init(_ kind: Kind, message: String = "", retryAfterSeconds: Int? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// Folio answered with an error status and (usually) the standard error body.
    public static func api(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil)
        -> Self
    {
        .init(.api(status: status, code: code), message: message, retryAfterSeconds: retryAfterSeconds)
    }

    /// The call did not finish within the configured timeout.
    public static var timeout: Self { .init(.timeout) }
    /// Folio could not be reached (connection refused, unresolvable host, bad URL).
    public static var unreachable: Self { .init(.unreachable) }
    /// The connection closed before a complete answer arrived.
    public static var connectionDropped: Self { .init(.connectionDropped) }
    /// Folio answered something that is not the expected JSON (or too much of it).
    public static var malformedResponse: Self { .init(.malformedResponse) }
    /// The calling task was cancelled.
    public static var cancelled: Self { .init(.cancelled) }
    /// The answer was larger than the request allowed (`HTTPClientRequest.maxResponseSize`).
    public static var responseTooLarge: Self { .init(.responseTooLarge) }

    static func timeout(_ message: String) -> Self { .init(.timeout, message: message) }
    static func unreachable(_ message: String) -> Self { .init(.unreachable, message: message) }
    static func connectionDropped(_ message: String) -> Self {
        .init(.connectionDropped, message: message)
    }
    static func malformedResponse(_ message: String) -> Self {
        .init(.malformedResponse, message: message)
    }

    /// The HTTP status of an API error.
    public var status: Int? {
        if case .api(let status, _) = kind { return status }
        return nil
    }

    /// The `SCREAMING_SNAKE` code of an API error.
    public var code: String? {
        if case .api(_, let code) = kind { return code }
        return nil
    }

    /// True when trying the same call again later may succeed.
    public var isRetryable: Bool {
        switch kind {
        case .api(let status, let code):
            status >= 500 || status == 429 || (status == 409 && code == "IDEMPOTENCY_KEY_IN_PROGRESS")
        case .timeout, .unreachable, .connectionDropped: true
        case .malformedResponse, .cancelled, .responseTooLarge: false
        }
    }

    /// Compares the kind (and for API errors the status and code), not the message.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.kind == rhs.kind }

    public var description: String {
        let base: String
        switch kind {
        case .api(let status, let code): base = "Folio answered \(status) \(code)"
        case .timeout: base = "Folio call timed out"
        case .unreachable: base = "Folio is unreachable"
        case .connectionDropped: base = "Folio dropped the connection"
        case .malformedResponse: base = "malformed answer from Folio"
        case .cancelled: base = "Folio call cancelled"
        case .responseTooLarge: base = "Folio's answer is larger than the request allows"
        }
        return message.isEmpty ? base : "\(base): \(message)"
    }
}
