import FolioModel
import HTTP

/// A refused vault call: the standard error body plus the fields docs/folio-api.md lists per code
/// (`current` for conflicts, `receivedBytes` for attachment parts).
struct VaultFailure: Error, Equatable, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    /// REVISION_CONFLICT, RECORD_EXISTS, INVALID_TRANSITION: the record as this account sees it now;
    /// INVALID_SHARE_STATE: the share.
    var current: JSONValue?
    /// ATTACHMENT_OFFSET_MISMATCH: the bytes Folio holds.
    var receivedBytes: Int?

    init(status: Int, code: String, message: String, current: JSONValue? = nil, receivedBytes: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.current = current
        self.receivedBytes = receivedBytes
    }

    /// Wraps a general API error (bad JSON, cursor, query parameter).
    init(_ error: APIError) {
        self.init(status: error.answerStatus, code: error.code ?? "INTERNAL_ERROR", message: error.message)
    }

    /// Wraps a refusal of the shared field reader or of the session lookup.
    init(_ failure: AuthFailure) {
        self.init(status: failure.status, code: failure.code, message: failure.message)
    }

    var description: String { "\(status) \(code): \(message)" }

    var response: HTTPResponse {
        .json(["error": errorObject], status: status)
    }

    /// The `error` object of the answer (also one item's error in a batch create).
    var errorObject: JSONValue {
        var members: JSONObject = ["code": .string(code), "message": .string(message)]
        if let current { members["current"] = current }
        if let receivedBytes { members["receivedBytes"] = .int(Int64(receivedBytes)) }
        return .object(members)
    }

    static func invalidRequest(_ message: String) -> VaultFailure {
        VaultFailure(status: 400, code: "INVALID_REQUEST", message: message)
    }

    static func internalError(_ message: String) -> VaultFailure {
        VaultFailure(status: 500, code: "INTERNAL_ERROR", message: message)
    }

    static func recordNotFound(_ id: String) -> VaultFailure {
        VaultFailure(status: 404, code: "RECORD_NOT_FOUND", message: "no record \(id) in this vault")
    }

    static func purged(_ id: String) -> VaultFailure {
        VaultFailure(status: 410, code: "RECORD_PURGED", message: "\(id) was permanently deleted")
    }

    static func permissionDenied(_ message: String) -> VaultFailure {
        VaultFailure(status: 403, code: "PERMISSION_DENIED", message: message)
    }

    static func notActive(_ id: String) -> VaultFailure {
        VaultFailure(status: 409, code: "RECORD_NOT_ACTIVE", message: "\(id) is not active")
    }

    static func limitExceeded(_ message: String) -> VaultFailure {
        VaultFailure(status: 422, code: "LIMIT_EXCEEDED", message: message)
    }
}
