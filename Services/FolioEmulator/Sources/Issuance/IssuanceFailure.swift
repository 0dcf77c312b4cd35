import FolioModel
import HTTP

/// A refused issuance call: the standard error body, with `retryAfterSeconds` for SLOW_DOWN.
struct IssuanceFailure: Error, Equatable, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    var retryAfterSeconds: Int?

    init(status: Int, code: String, message: String, retryAfterSeconds: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// A refusal of the vault: the caller's session or guest access, the keys, the invite.
    init(_ failure: VaultFailure) {
        self.init(status: failure.status, code: failure.code, message: failure.message)
    }

    /// A general API error (bad JSON, cursor, query parameter).
    init(_ error: APIError) {
        self.init(status: error.answerStatus, code: error.code ?? "INTERNAL_ERROR", message: error.message)
    }

    var description: String { "\(status) \(code): \(message)" }

    var response: HTTPResponse {
        APIError(status: status, code: code, message: message, retryAfterSeconds: retryAfterSeconds).response
    }

    static func notFound(_ id: String) -> IssuanceFailure {
        IssuanceFailure(status: 404, code: "ISSUANCE_NOT_FOUND", message: "no issuance \(id) for this holder")
    }

    static func notIssued(_ id: String, _ state: String) -> IssuanceFailure {
        IssuanceFailure(status: 409, code: "ISSUANCE_NOT_ISSUED", message: "issuance \(id) is \(state), not ISSUED")
    }

    static func invalidRequest(_ message: String) -> IssuanceFailure {
        IssuanceFailure(status: 400, code: "INVALID_REQUEST", message: message)
    }

    static func internalError(_ message: String) -> IssuanceFailure {
        IssuanceFailure(status: 500, code: "INTERNAL_ERROR", message: message)
    }
}
