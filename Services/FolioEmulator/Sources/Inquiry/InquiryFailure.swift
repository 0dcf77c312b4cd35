import FolioModel
import FolioWire
import HTTP

/// A refused inquiry call: the standard error body plus the members docs/folio-api.md lists per code
/// (`fields` for FIELD_VALIDATION, `limitBytes` for FILE_TOO_LARGE).
struct InquiryFailure: Error, Equatable, CustomStringConvertible {
    var status: Int
    var code: String
    var message: String
    /// FIELD_VALIDATION: field key → message.
    var fields: [String: String]?
    /// FILE_TOO_LARGE: the largest file Folio takes.
    var limitBytes: Int?

    init(status: Int, code: String, message: String, fields: [String: String]? = nil, limitBytes: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.fields = fields
        self.limitBytes = limitBytes
    }

    /// Wraps a general API error (bad JSON, unknown organization).
    init(_ error: APIError) {
        self.init(status: error.answerStatus, code: error.code ?? "INTERNAL_ERROR", message: error.message)
    }

    var description: String { "\(status) \(code): \(message)" }

    var response: HTTPResponse {
        var members: JSONObject = ["code": .string(code), "message": .string(message)]
        if let fields { members["fields"] = .object(fields.mapValues { .string($0) }) }
        if let limitBytes { members["limitBytes"] = .int(Int64(limitBytes)) }
        return .json(["error": .object(members)], status: status)
    }

    static func invalidRequest(_ message: String) -> InquiryFailure {
        InquiryFailure(status: 400, code: "INVALID_REQUEST", message: message)
    }

    static func internalError(_ message: String) -> InquiryFailure {
        InquiryFailure(status: 500, code: "INTERNAL_ERROR", message: message)
    }

    static func notFound(_ id: String) -> InquiryFailure {
        InquiryFailure(status: 404, code: "INQUIRY_NOT_FOUND", message: "no inquiry \(id)")
    }

    static func tokenInvalid(_ message: String) -> InquiryFailure {
        InquiryFailure(status: 401, code: "TOKEN_INVALID", message: message)
    }

    static let tokenExpired = InquiryFailure(
        status: 401, code: "TOKEN_EXPIRED", message: "the inquiry token has expired")

    static func expired(_ id: String) -> InquiryFailure {
        InquiryFailure(status: 410, code: "INQUIRY_EXPIRED", message: "inquiry \(id) has expired")
    }

    static func finished(_ id: String, _ status: FolioInquiryStatus) -> InquiryFailure {
        InquiryFailure(status: 409, code: "INQUIRY_FINISHED", message: "inquiry \(id) is \(status.rawValue)")
    }

    static let notController = InquiryFailure(
        status: 409, code: "NOT_CONTROLLER", message: "another device controls this inquiry")

    static let launchCodeInvalid = InquiryFailure(
        status: 400, code: "LAUNCH_CODE_INVALID", message: "the launch code is used, expired or unknown")

    static func fieldValidation(_ fields: [String: String]) -> InquiryFailure {
        InquiryFailure(
            status: 422, code: "FIELD_VALIDATION",
            message: fields.keys.sorted().map { "\($0): \(fields[$0] ?? "")" }.joined(separator: "; "),
            fields: fields)
    }

    static func schemaValidation(_ message: String) -> InquiryFailure {
        InquiryFailure(status: 422, code: "SCHEMA_VALIDATION", message: message)
    }
}
