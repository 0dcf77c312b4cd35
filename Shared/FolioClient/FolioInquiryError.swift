import FolioModel
import FolioWire

/// A failed inquiry call, by what the caller does about it. docs/folio-api.md ("Inquiries", "Errors") lists
/// the status and code behind each case.
public enum FolioInquiryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 400 `LAUNCH_CODE_INVALID`: the launch code is used, expired or unknown.
    case launchCodeInvalid
    /// 403 `LAUNCH_INVALID`: the launch code is not for this organization.
    case launchInvalid
    /// 401 `TOKEN_EXPIRED`.
    case tokenExpired
    /// 401 `TOKEN_INVALID`: no token, or one for another inquiry or device.
    case tokenInvalid
    /// 410 `INQUIRY_EXPIRED`: the inquiry's time is up.
    case expired
    /// 409 `NOT_CONTROLLER`: another device controls the inquiry.
    case notController
    /// 404 `INQUIRY_NOT_FOUND`.
    case inquiryNotFound
    /// 409 `STEP_OUTDATED`: the call named a step that is not the current one.
    case stepOutdated
    /// 409 `CANNOT_GO_BACK`: the inquiry is on its first step.
    case cannotGoBack
    /// 409 `CANNOT_COMPLETE`: the inquiry is not on its last step.
    case cannotComplete
    /// 409 `INQUIRY_FINISHED`: the inquiry is at a final status.
    case finished
    /// 422 `FIELD_VALIDATION`: `fields` maps field keys to Folio's messages.
    case fieldValidation(message: String, fields: [String: String])
    /// 422 `SCHEMA_VALIDATION`: a value has the wrong JSON type for its field.
    case schemaValidation(message: String)
    /// 410 `HANDOFF_EXPIRED` (also an unknown code).
    case handoffExpired
    /// 409 `HANDOFF_CONSUMED`: the code was already redeemed.
    case handoffConsumed
    /// 403 `HANDOFF_MISMATCH`: the code is for another organization.
    case handoffMismatch
    /// 422 `INVALID_CODE`: a code step's code is wrong; `message` is Folio's, in the inquiry's language.
    case invalidCode(message: String)
    /// 422 `EXPIRED_CODE`: the code outlived its `codeTtl`.
    case expiredCode(message: String)
    /// 422 `ATTEMPTS_EXHAUSTED`: no more codes may be sent in this attempt.
    case attemptsExhausted(message: String)
    /// 422 `CONFIRM_EXHAUSTED`: `confirmLimit` wrong codes were tried; ask for a new code.
    case confirmExhausted(message: String)
    /// 422 `INVALID_TARGET`: the email address or phone number is not one.
    case invalidTarget(message: String)
    /// 422 `MISSING_TARGET`: no email address or phone number was sent.
    case missingTarget(message: String)
    /// 422 `DELIVERY_FAILED`: the code could not be sent.
    case deliveryFailed(message: String)
    /// 413: the file is larger than `limitBytes`.
    case fileTooLarge(limitBytes: Int)
    /// 429.
    case rateLimited(retryAfterSeconds: Int?)
    /// A 5xx answer.
    case `internal`(message: String)
    /// Folio could not be reached, did not answer in time, or dropped the connection.
    case network(message: String)
    /// Any other answer: the status, code and message as Folio sent them.
    case upstream(status: Int, code: String, message: String)
    /// An answer that does not decode, e.g. a launch answer without `inquiryId`.
    case malformedAnswer(message: String)

    /// The largest file Folio takes, for a 413 that does not name its limit.
    public static let defaultFileLimitBytes = 32 << 20

    /// True when the same call (with the same Idempotency-Key) may succeed later.
    public var isRetryable: Bool {
        switch self {
        case .network, .internal, .rateLimited: true
        case .upstream(let status, let code, _): status == 409 && code == "IDEMPOTENCY_KEY_IN_PROGRESS"
        default: false
        }
    }

    /// Maps a failed call; the error body's `fields` and `limitBytes` come from ``FolioAPIError/details``.
    init(_ error: FolioAPIError) {
        guard let status = error.status, let code = error.code else {
            if error == .malformedResponse {
                self = .malformedAnswer(message: error.message)
            } else {
                self = .network(message: error.description)
            }
            return
        }
        switch (status, code) {
        case (_, "LAUNCH_CODE_INVALID"): self = .launchCodeInvalid
        case (_, "LAUNCH_INVALID"): self = .launchInvalid
        case (_, "TOKEN_EXPIRED"): self = .tokenExpired
        case (_, "TOKEN_INVALID"): self = .tokenInvalid
        case (_, "INQUIRY_EXPIRED"): self = .expired
        case (_, "NOT_CONTROLLER"): self = .notController
        case (_, "INQUIRY_NOT_FOUND"): self = .inquiryNotFound
        case (_, "STEP_OUTDATED"): self = .stepOutdated
        case (_, "CANNOT_GO_BACK"): self = .cannotGoBack
        case (_, "CANNOT_COMPLETE"): self = .cannotComplete
        case (_, "INQUIRY_FINISHED"): self = .finished
        case (_, "FIELD_VALIDATION"):
            self = .fieldValidation(message: error.message, fields: Self.fields(error.details))
        case (_, "SCHEMA_VALIDATION"): self = .schemaValidation(message: error.message)
        case (_, "INVALID_CODE"): self = .invalidCode(message: error.message)
        case (_, "EXPIRED_CODE"): self = .expiredCode(message: error.message)
        case (_, "ATTEMPTS_EXHAUSTED"): self = .attemptsExhausted(message: error.message)
        case (_, "CONFIRM_EXHAUSTED"): self = .confirmExhausted(message: error.message)
        case (_, "INVALID_TARGET"): self = .invalidTarget(message: error.message)
        case (_, "MISSING_TARGET"): self = .missingTarget(message: error.message)
        case (_, "DELIVERY_FAILED"): self = .deliveryFailed(message: error.message)
        case (_, "HANDOFF_EXPIRED"): self = .handoffExpired
        case (_, "HANDOFF_CONSUMED"): self = .handoffConsumed
        case (_, "HANDOFF_MISMATCH"): self = .handoffMismatch
        case (413, _):
            self = .fileTooLarge(
                limitBytes: error.details?["limitBytes"]?.intValue.map { Int($0) } ?? Self.defaultFileLimitBytes)
        case (429, _): self = .rateLimited(retryAfterSeconds: error.retryAfterSeconds)
        case (500..., _): self = .internal(message: error.message)
        default: self = .upstream(status: status, code: code, message: error.message)
        }
    }

    /// The `fields` member of a FIELD_VALIDATION body: field key → message (none when it is not that shape).
    private static func fields(_ details: JSONValue?) -> [String: String] {
        guard let members = details?["fields"]?.objectValue else { return [:] }
        var fields: [String: String] = [:]
        for (key, value) in members {
            guard let message = value.stringValue else { return [:] }
            fields[key] = message
        }
        return fields
    }

    public var description: String {
        switch self {
        case .launchCodeInvalid: "LAUNCH_CODE_INVALID"
        case .launchInvalid: "LAUNCH_INVALID"
        case .tokenExpired: "TOKEN_EXPIRED"
        case .tokenInvalid: "TOKEN_INVALID"
        case .expired: "INQUIRY_EXPIRED"
        case .notController: "NOT_CONTROLLER"
        case .inquiryNotFound: "INQUIRY_NOT_FOUND"
        case .stepOutdated: "STEP_OUTDATED"
        case .cannotGoBack: "CANNOT_GO_BACK"
        case .cannotComplete: "CANNOT_COMPLETE"
        case .finished: "INQUIRY_FINISHED"
        case .fieldValidation(let message, _): "FIELD_VALIDATION: \(message)"
        case .schemaValidation(let message): "SCHEMA_VALIDATION: \(message)"
        case .invalidCode(let message): "INVALID_CODE: \(message)"
        case .expiredCode(let message): "EXPIRED_CODE: \(message)"
        case .attemptsExhausted(let message): "ATTEMPTS_EXHAUSTED: \(message)"
        case .confirmExhausted(let message): "CONFIRM_EXHAUSTED: \(message)"
        case .invalidTarget(let message): "INVALID_TARGET: \(message)"
        case .missingTarget(let message): "MISSING_TARGET: \(message)"
        case .deliveryFailed(let message): "DELIVERY_FAILED: \(message)"
        case .handoffExpired: "HANDOFF_EXPIRED"
        case .handoffConsumed: "HANDOFF_CONSUMED"
        case .handoffMismatch: "HANDOFF_MISMATCH"
        case .fileTooLarge(let limit): "FILE_TOO_LARGE (limit \(limit) bytes)"
        case .rateLimited(let seconds): "RATE_LIMITED" + (seconds.map { " (retry after \($0) s)" } ?? "")
        case .internal(let message): "Folio internal error: \(message)"
        case .network(let message): "network: \(message)"
        case .upstream(let status, let code, let message): "Folio answered \(status) \(code): \(message)"
        case .malformedAnswer(let message): "malformed answer from Folio: \(message)"
        }
    }
}
