import Bus
import FolioModel
import WireModel

/// Every error of an inquiry (spec "Errors"), including those of the verification steps, handoff and the
/// identity save. The raw error reaches clients only in `InquiryLifecycle.failed`; the model carries its
/// projection, an InquiryErrorView.
public enum InquiryError: WireValue, WireDescribed, Hashable, Error {
    case invalidEntry(field: String)
    case launchCodeInvalid
    case launchInvalid
    case noActiveInquiry
    case windowAttestationInvalid(reason: String)
    case tokenExpired
    case tokenInvalid
    case expired
    case notController
    case network(message: String)
    /// Folio's internal error (a 5xx answer).
    case `internal`(message: String)
    case rateLimited(retryAfterSeconds: Int64?)
    /// Any other answer of Folio the store does not know.
    case upstream(status: Int64, code: String, message: String)
    case invalidLink(url: String)
    case linkRefused(url: String)
    case schemaValidation(message: String)
    case fieldValidation(message: String, fields: [String: String])
    case platform(message: String)
    case localeNotSaved(locale: String)
    case invalidState(message: String)
    case invalidStepType(message: String)
    case upload(message: String)
    case missingCaptureField
    case fileUnreadable(field: String)
    case fileTooLarge(limitBytes: Int64)
    case recordMapping(message: String)
    case handoffExpired
    case handoffConsumed
    case handoffMismatch
    case invalidCode(message: String)
    case expiredCode(message: String)
    case attemptsExhausted(message: String)
    case confirmExhausted(message: String)
    case invalidTarget(message: String)
    case missingTarget(message: String)
    case deliveryFailed(message: String)

    /// The largest image the store reads (spec "Verified identity": 32 MiB).
    public static let imageLimitBytes: Int64 = 32 * 1024 * 1024

    public var json: JSONValue {
        let (type, fields) = wireParts
        return Wire.tagged(type, fields)
    }

    private var wireParts: (String, KeyValuePairs<String, JSONValue?>) {
        switch self {
        case .invalidEntry(let field): ("INVALID_ENTRY", ["field": .string(field)])
        case .launchCodeInvalid: ("LAUNCH_CODE_INVALID", [:])
        case .launchInvalid: ("LAUNCH_INVALID", [:])
        case .noActiveInquiry: ("NO_ACTIVE_INQUIRY", [:])
        case .windowAttestationInvalid(let reason): ("WINDOW_ATTESTATION_INVALID", ["reason": .string(reason)])
        case .tokenExpired: ("TOKEN_EXPIRED", [:])
        case .tokenInvalid: ("TOKEN_INVALID", [:])
        case .expired: ("EXPIRED", [:])
        case .notController: ("NOT_CONTROLLER", [:])
        case .network(let message): ("NETWORK", ["message": .string(message)])
        case .internal(let message): ("INTERNAL", ["message": .string(message)])
        case .rateLimited(let seconds): ("RATE_LIMITED", ["retryAfterSeconds": seconds.map(JSONValue.int)])
        case .upstream(let status, let code, let message):
            ("UPSTREAM", ["status": .int(status), "code": .string(code), "message": .string(message)])
        case .invalidLink(let url): ("INVALID_LINK", ["url": .string(url)])
        case .linkRefused(let url): ("LINK_REFUSED", ["url": .string(url)])
        case .schemaValidation(let message): ("SCHEMA_VALIDATION", ["message": .string(message)])
        case .fieldValidation(let message, let fields):
            ("FIELD_VALIDATION", ["message": .string(message), "fields": .object(fields.mapValues(JSONValue.string))])
        case .platform(let message): ("PLATFORM", ["message": .string(message)])
        case .localeNotSaved(let locale): ("LOCALE_NOT_SAVED", ["locale": .string(locale)])
        case .invalidState(let message): ("INVALID_STATE", ["message": .string(message)])
        case .invalidStepType(let message): ("INVALID_STEP_TYPE", ["message": .string(message)])
        case .upload(let message): ("UPLOAD", ["message": .string(message)])
        case .missingCaptureField: ("MISSING_CAPTURE_FIELD", [:])
        case .fileUnreadable(let field): ("FILE_UNREADABLE", ["field": .string(field)])
        case .fileTooLarge(let limit): ("FILE_TOO_LARGE", ["limitBytes": .int(limit)])
        case .recordMapping(let message): ("RECORD_MAPPING", ["message": .string(message)])
        case .handoffExpired: ("HANDOFF_EXPIRED", [:])
        case .handoffConsumed: ("HANDOFF_CONSUMED", [:])
        case .handoffMismatch: ("HANDOFF_MISMATCH", [:])
        case .invalidCode(let message): ("INVALID_CODE", ["message": .string(message)])
        case .expiredCode(let message): ("EXPIRED_CODE", ["message": .string(message)])
        case .attemptsExhausted(let message): ("ATTEMPTS_EXHAUSTED", ["message": .string(message)])
        case .confirmExhausted(let message): ("CONFIRM_EXHAUSTED", ["message": .string(message)])
        case .invalidTarget(let message): ("INVALID_TARGET", ["message": .string(message)])
        case .missingTarget(let message): ("MISSING_TARGET", ["message": .string(message)])
        case .deliveryFailed(let message): ("DELIVERY_FAILED", ["message": .string(message)])
        }
    }

    /// Every case has a `value`, `{}` for a case without fields.
    public static var wireSchema: JSONSchema {
        func fields(_ properties: [String: JSONSchema], required: [String]? = nil) -> JSONSchema {
            .closedObject(properties, required: required ?? properties.keys.sorted())
        }
        let none = fields([:])
        let message = fields(["message": .string])
        let url = fields(["url": .string])
        let unreachable = JSONSchema.string.described("Folio could not be reached or did not answer.")
        return .tagged([
            "INVALID_ENTRY": fields([
                "field": JSONSchema.enumeration(["launchCode", "code", "inquiryId"]).described("The blank member.")
            ]),
            "LAUNCH_CODE_INVALID": none, "LAUNCH_INVALID": none, "NO_ACTIVE_INQUIRY": none,
            "WINDOW_ATTESTATION_INVALID": fields(["reason": .string]),
            "TOKEN_EXPIRED": none, "TOKEN_INVALID": none, "EXPIRED": none, "NOT_CONTROLLER": none,
            "NETWORK": fields(["message": unreachable]),
            "INTERNAL": fields(["message": JSONSchema.string.described("Folio's internal error (5xx).")]),
            "RATE_LIMITED": fields(["retryAfterSeconds": .integer], required: []),
            "UPSTREAM": fields([
                "status": JSONSchema.integer.described("Folio's HTTP status."), "code": .string, "message": .string,
            ]),
            "INVALID_LINK": url, "LINK_REFUSED": url,
            "SCHEMA_VALIDATION": message,
            "FIELD_VALIDATION": fields([
                "message": .string,
                "fields": JSONSchema(["type": "object", "additionalProperties": ["type": "string"]]).described(
                    "Folio's message for each field key."),
            ]),
            "PLATFORM": fields(["message": JSONSchema.string.described("What the step cannot take from the client.")]),
            "LOCALE_NOT_SAVED": fields(["locale": .string]),
            "INVALID_STATE": message, "INVALID_STEP_TYPE": message, "UPLOAD": message,
            "MISSING_CAPTURE_FIELD": none,
            "FILE_UNREADABLE": fields(["field": .string]),
            "FILE_TOO_LARGE": fields(["limitBytes": .integer]),
            "RECORD_MAPPING": message,
            "HANDOFF_EXPIRED": none, "HANDOFF_CONSUMED": none, "HANDOFF_MISMATCH": none,
            "INVALID_CODE": message, "EXPIRED_CODE": message, "ATTEMPTS_EXHAUSTED": message,
            "CONFIRM_EXHAUSTED": message, "INVALID_TARGET": message, "MISSING_TARGET": message,
            "DELIVERY_FAILED": message,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        func object(_ names: [String]) throws(WireDecodingError) -> WireObject { try tagged.fields(names) }
        func message() throws(WireDecodingError) -> String { try object(["message"]).text("message") }
        switch tagged.type {
        case "INVALID_ENTRY": self = .invalidEntry(field: try object(["field"]).text("field"))
        case "LAUNCH_CODE_INVALID": self = .launchCodeInvalid
        case "LAUNCH_INVALID": self = .launchInvalid
        case "NO_ACTIVE_INQUIRY": self = .noActiveInquiry
        case "WINDOW_ATTESTATION_INVALID":
            self = .windowAttestationInvalid(reason: try object(["reason"]).text("reason"))
        case "TOKEN_EXPIRED": self = .tokenExpired
        case "TOKEN_INVALID": self = .tokenInvalid
        case "EXPIRED": self = .expired
        case "NOT_CONTROLLER": self = .notController
        case "NETWORK": self = .network(message: try message())
        case "INTERNAL": self = .internal(message: try message())
        case "RATE_LIMITED":
            self = .rateLimited(retryAfterSeconds: try object(["retryAfterSeconds"]).optionalInt64("retryAfterSeconds"))
        case "UPSTREAM":
            let fields = try object(["status", "code", "message"])
            self = .upstream(
                status: try fields.int64("status"), code: try fields.text("code"), message: try fields.text("message"))
        case "INVALID_LINK": self = .invalidLink(url: try object(["url"]).text("url"))
        case "LINK_REFUSED": self = .linkRefused(url: try object(["url"]).text("url"))
        case "SCHEMA_VALIDATION": self = .schemaValidation(message: try message())
        case "FIELD_VALIDATION":
            let fields = try object(["message", "fields"])
            var byKey: [String: String] = [:]
            if case .object(let members)? = fields.optional("fields") {
                for (key, value) in members { byKey[key] = value.stringValue ?? "" }
            }
            self = .fieldValidation(message: try fields.text("message"), fields: byKey)
        case "PLATFORM": self = .platform(message: try message())
        case "LOCALE_NOT_SAVED": self = .localeNotSaved(locale: try object(["locale"]).text("locale"))
        case "INVALID_STATE": self = .invalidState(message: try message())
        case "INVALID_STEP_TYPE": self = .invalidStepType(message: try message())
        case "UPLOAD": self = .upload(message: try message())
        case "MISSING_CAPTURE_FIELD": self = .missingCaptureField
        case "FILE_UNREADABLE": self = .fileUnreadable(field: try object(["field"]).text("field"))
        case "FILE_TOO_LARGE": self = .fileTooLarge(limitBytes: try object(["limitBytes"]).int64("limitBytes"))
        case "RECORD_MAPPING": self = .recordMapping(message: try message())
        case "HANDOFF_EXPIRED": self = .handoffExpired
        case "HANDOFF_CONSUMED": self = .handoffConsumed
        case "HANDOFF_MISMATCH": self = .handoffMismatch
        case "INVALID_CODE": self = .invalidCode(message: try message())
        case "EXPIRED_CODE": self = .expiredCode(message: try message())
        case "ATTEMPTS_EXHAUSTED": self = .attemptsExhausted(message: try message())
        case "CONFIRM_EXHAUSTED": self = .confirmExhausted(message: try message())
        case "INVALID_TARGET": self = .invalidTarget(message: try message())
        case "MISSING_TARGET": self = .missingTarget(message: try message())
        case "DELIVERY_FAILED": self = .deliveryFailed(message: try message())
        default: throw tagged.unknownType(["INVALID_ENTRY", "…"])
        }
    }

    /// Network, LocaleNotSaved and Folio's internal error may succeed when tried again (spec "Errors in the
    /// model").
    public var isRetryableKind: Bool {
        switch self {
        case .network, .localeNotSaved, .internal: true
        default: false
        }
    }

    /// The one-time code errors a person can fix at the code step's field.
    public var isCodeStepError: Bool {
        switch self {
        case .invalidCode, .expiredCode, .attemptsExhausted, .confirmExhausted, .invalidTarget, .missingTarget,
            .deliveryFailed:
            true
        default: false
        }
    }

    /// The errors that end a failed identity save: Status and every intent are no-ops afterwards.
    public var endsSave: Bool {
        switch self {
        case .recordMapping, .fileTooLarge: true
        default: false
        }
    }

    /// The errors after which a same-device resume forgets its saved inquiry.
    public var forgetsSavedInquiry: Bool {
        switch self {
        case .tokenExpired, .tokenInvalid, .expired: true
        default: false
        }
    }
}
