import FolioModel

/// A failed call to Folio: an error answer of the API (status and the standard error body
/// `{"error": {"code", "message", "retryAfterSeconds"?}}`), or a call that got no usable answer.
///
/// The emulator answers with it and FolioClient reads it back, so the error body has one shape. The retry
/// policy lives here, once for every service: timeouts, dropped connections, an unreachable Folio, 5xx and
/// 429 answers are retryable; other 4xx answers, malformed answers and cancellation are not, except 409
/// `IDEMPOTENCY_KEY_IN_PROGRESS` (the first request with the key is still running).
public struct FolioAPIError: Error, Sendable, Equatable, CustomStringConvertible {
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
    public var retryAfterSeconds: Int?
    /// The `error` object of the answer with every member (route-specific ones such as `attemptsLeft` or
    /// `fields` included); nil when the answer had no standard error body.
    public let details: JSONValue?

    private init(_ kind: Kind, message: String = "", retryAfterSeconds: Int? = nil, details: JSONValue? = nil) {
        self.kind = kind
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.details = details
    }

    /// An error answer with the standard body.
    public init(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil) {
        self.init(.api(status: status, code: code), message: message, retryAfterSeconds: retryAfterSeconds)
    }

    /// Folio answered with an error status and (usually) the standard error body.
    public static func api(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil) -> Self {
        Self(status: status, code: code, message: message, retryAfterSeconds: retryAfterSeconds)
    }

    /// Reads an error answer. Without the standard body (e.g. from a proxy) it keeps its status with the
    /// code `HTTP_<status>` and the start of the body as the message.
    public init(status: Int, body: [UInt8], retryAfterHeader: String?) {
        let headerRetry = retryAfterHeader.flatMap { Int($0) }
        if let envelope = try? JSONParser.parse(body), let error = envelope["error"],
            let code = error["code"]?.stringValue
        {
            self.init(
                .api(status: status, code: code), message: error["message"]?.stringValue ?? "",
                retryAfterSeconds: error["retryAfterSeconds"]?.intValue.map { Int($0) } ?? headerRetry, details: error)
        } else {
            self.init(
                .api(status: status, code: "HTTP_\(status)"),
                message: String(decoding: body.prefix(200), as: UTF8.self),
                retryAfterSeconds: headerRetry)
        }
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
    /// The answer was larger than the request allowed.
    public static var responseTooLarge: Self { .init(.responseTooLarge) }

    public static func timeout(_ message: String) -> Self { .init(.timeout, message: message) }
    public static func unreachable(_ message: String) -> Self { .init(.unreachable, message: message) }
    public static func connectionDropped(_ message: String) -> Self { .init(.connectionDropped, message: message) }
    public static func malformedResponse(_ message: String) -> Self { .init(.malformedResponse, message: message) }

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

    /// The standard error body of an API error: `{"error": {"code", "message", "retryAfterSeconds"?}}`.
    public var envelope: JSONValue {
        var error: JSONObject = ["code": .string(code ?? "INTERNAL_ERROR"), "message": .string(message)]
        if let retryAfterSeconds { error["retryAfterSeconds"] = .int(Int64(retryAfterSeconds)) }
        return ["error": .object(error)]
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
