import FolioModel
import HTTP

/// A refused authentication call: the standard error body plus the fields docs/folio-api.md lists per
/// code (`attemptsLeft`, `until`, `capability`). Also the value of a FAILED step.
struct AuthFailure: Error, Equatable, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var retryAfterSeconds: Int?
    /// LOCKED: unix seconds when the lock ends.
    var until: Int64?
    /// WRONG_*: answers left before the lock.
    var attemptsLeft: Int?
    /// UNSUPPORTED: what the client lacks, e.g. `PASSKEY`.
    var capability: String?

    init(
        status: Int, code: String, message: String, retryAfterSeconds: Int? = nil, until: Int64? = nil,
        attemptsLeft: Int? = nil, capability: String? = nil
    ) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
        self.until = until
        self.attemptsLeft = attemptsLeft
        self.capability = capability
    }

    /// Wraps a general API error (bad JSON, idempotency, ...).
    init(_ error: APIError) {
        self.init(
            status: error.answerStatus, code: error.code ?? "INTERNAL_ERROR", message: error.message,
            retryAfterSeconds: error.retryAfterSeconds)
    }

    var description: String { "\(status) \(code): \(message)" }

    /// The `error` object.
    var errorObject: JSONValue {
        var members: JSONObject = ["code": .string(code), "message": .string(message)]
        if let retryAfterSeconds { members["retryAfterSeconds"] = .int(Int64(retryAfterSeconds)) }
        if let until { members["until"] = .int(until) }
        if let attemptsLeft { members["attemptsLeft"] = .int(Int64(attemptsLeft)) }
        if let capability { members["capability"] = .string(capability) }
        return .object(members)
    }

    var response: HTTPResponse {
        var headers: [(String, String)] = []
        if let retryAfterSeconds { headers.append(("Retry-After", String(retryAfterSeconds))) }
        return .json(["error": errorObject], status: status, headers: headers)
    }

    static func invalidRequest(_ message: String) -> AuthFailure {
        AuthFailure(status: 400, code: "INVALID_REQUEST", message: message)
    }

    static func invalidState(_ message: String) -> AuthFailure {
        AuthFailure(status: 409, code: "INVALID_STATE", message: message)
    }

    static func internalError(_ message: String) -> AuthFailure {
        AuthFailure(status: 500, code: "INTERNAL_ERROR", message: message)
    }

    static func rejected(_ code: String, _ message: String, attemptsLeft: Int? = nil) -> AuthFailure {
        AuthFailure(status: 422, code: code, message: message, attemptsLeft: attemptsLeft)
    }

    static func locked(until: Int64, _ what: String) -> AuthFailure {
        AuthFailure(status: 423, code: "LOCKED", message: "\(what) locked after too many wrong answers", until: until)
    }

    static func rateLimited(retryAfterSeconds: Int, _ message: String) -> AuthFailure {
        AuthFailure(status: 429, code: "RATE_LIMITED", message: message, retryAfterSeconds: retryAfterSeconds)
    }

    static func unsupported(_ capability: String, _ message: String) -> AuthFailure {
        AuthFailure(status: 422, code: "UNSUPPORTED", message: message, capability: capability)
    }

    static let ceremonyExpired = AuthFailure(
        status: 410, code: "CEREMONY_EXPIRED", message: "the ceremony expired; start a new one")
    static let cancelled = AuthFailure(status: 409, code: "CANCELLED", message: "the ceremony was cancelled")
    static let plainPassword = AuthFailure(
        status: 400, code: "PLAIN_PASSWORD_REJECTED",
        message: "never send a password: derive the proof with the phase's derivation and send that")
}
