import FolioModel
import FolioWire
import HTTP

/// An error answer of the Folio API: the shared ``FolioAPIError``, which FolioClient reads back.
typealias APIError = FolioAPIError

extension FolioAPIError {
    /// The status the emulator answers with (500 for an error that is not an answer, which it never makes).
    var answerStatus: Int { status ?? 500 }

    /// The standard error body `{"error": {"code": "SCREAMING_SNAKE", "message": "...", "retryAfterSeconds": n}}`.
    var body: JSONValue { envelope }

    /// The response, with `Retry-After` when a retry delay is known.
    var response: HTTPResponse {
        var headers: [(String, String)] = []
        if let retryAfterSeconds { headers.append(("Retry-After", String(retryAfterSeconds))) }
        return .json(envelope, status: answerStatus, headers: headers)
    }

    static func invalidRequest(_ message: String) -> APIError {
        APIError(status: 400, code: "INVALID_REQUEST", message: message)
    }

    static func notFound(_ code: String, _ message: String) -> APIError {
        APIError(status: 404, code: code, message: message)
    }

    static let unauthorized = APIError(status: 401, code: "UNAUTHORIZED", message: "missing or wrong bearer token")

    static func internalError(_ message: String) -> APIError {
        APIError(status: 500, code: "INTERNAL_ERROR", message: message)
    }

    /// The code an injected fault answers with when none is given.
    static func defaultCode(forStatus status: Int) -> String {
        switch status {
        case 400: "INVALID_REQUEST"
        case 401: "UNAUTHORIZED"
        case 403: "FORBIDDEN"
        case 404: "NOT_FOUND"
        case 409: "CONFLICT"
        case 429: "RATE_LIMITED"
        case 500: "INTERNAL_ERROR"
        case 502: "BAD_GATEWAY"
        case 503: "UNAVAILABLE"
        case 504: "GATEWAY_TIMEOUT"
        default: "INJECTED_FAULT"
        }
    }
}
