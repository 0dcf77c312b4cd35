import FolioModel
import Foundation
import WireModel

/// What a device keeps of an inquiry it opened: enough to resume it on this device.
public struct SavedInquiry: Codable, Hashable, Sendable {
    public var inquiryId: String
    public var correlationId: String
    public var token: String

    public init(inquiryId: String, correlationId: String, token: String) {
        self.inquiryId = inquiryId
        self.correlationId = correlationId
        self.token = token
    }
}

/// A request to Folio about the open inquiry.
public enum FolioInquiryRequest: Codable, Hashable, Sendable {
    case read(locale: String?)
    case submit(stepId: String, fields: JSONObject, locale: String?)
    case back(stepId: String, locale: String?)
    case cancel(locale: String?)
    case complete(locale: String?)
    /// ContinueHere: make this device the controller.
    case takeControl(locale: String?)
    case handoff
    case upload(field: String, fileName: String, mimeType: String, bytes: [UInt8])
    /// An upload to a verification step: the file goes to `field`, then, with `submit`, the step receives
    /// `{field: file}` and `submit`'s members; without, the step is read again.
    case uploadToStep(
        stepId: String, field: String, fileName: String, mimeType: String, bytes: [UInt8], submit: JSONObject?)
    /// The read of the result once the inquiry reached its end.
    case result

    /// The two requests whose NotController reaches the model as a banner instead of turning the device into an
    /// observer (spec "Control of the inquiry").
    var keepsControllerRejection: Bool {
        switch self {
        case .takeControl, .result: true
        default: false
        }
    }
}

/// A step as Folio answered it, its stage already read.
public struct FolioStepUpdate: Hashable, Sendable {
    public var inquiryId: String
    public var correlationId: String
    public var status: InquiryStatus
    public var locale: String
    /// Whether this device controls the inquiry.
    public var controller: Bool
    public var stage: InquiryStage
    /// The issuance the completed inquiry offers its holder; nil without one.
    public var issuanceId: String?

    public init(
        inquiryId: String, correlationId: String, status: InquiryStatus, locale: String, controller: Bool,
        stage: InquiryStage, issuanceId: String? = nil
    ) {
        self.inquiryId = inquiryId
        self.correlationId = correlationId
        self.status = status
        self.locale = locale
        self.controller = controller
        self.stage = stage
        self.issuanceId = issuanceId
    }
}

/// Folio's answer to a FolioInquiryRequest.
public enum FolioInquiryAnswer: Hashable, Sendable {
    case step(FolioStepUpdate)
    case handoff(HandoffView)
    case uploaded(field: String, FileValue)
    /// The result: the status, and the issuance the completed inquiry offers its holder (nil without one).
    case result(InquiryStatus, issuanceId: String?)
}

/// A value the store keeps for a field, in the shape the store made of the person's edits. Snapshotted as
/// `{type, value}` (written directly: a snapshot follows every edit).
public enum KeptValue: Hashable, Sendable, Codable {
    /// Text as shown: plain, masked, or a typed date's masked text.
    case text(String)
    /// A picked date and time, `YYYY-MM-DDTHH:MM`.
    case dateTime(String)
    case selection(String)
    case selections([String])
    case toggle(Bool)
    case address([AddressPartValue])
    case file(FileValue)
    /// A phone's chosen country and its formatted national number.
    case phone(country: String?, national: String)

    var json: JSONValue {
        switch self {
        case .text(let text): ["type": "TEXT", "value": .string(text)]
        case .dateTime(let text): ["type": "DATE_TIME", "value": .string(text)]
        case .selection(let text): ["type": "SELECTION", "value": .string(text)]
        case .selections(let values): ["type": "SELECTIONS", "value": .array(values.map(JSONValue.string))]
        case .toggle(let checked): ["type": "TOGGLE", "value": .bool(checked)]
        case .address(let parts): ["type": "ADDRESS", "value": .array(parts.map { $0.json })]
        case .file(let file): ["type": "FILE", "value": file.json]
        case .phone(let country, let national):
            [
                "type": "PHONE",
                "value": Wire.object(["country": country.map(JSONValue.string), "national": .string(national)]),
            ]
        }
    }

    init(json: JSONValue) throws {
        let value = json["value"] ?? .null
        func text() throws -> String {
            guard let text = value.stringValue else { throw JSONCodingError("kept value: expected a string") }
            return text
        }
        switch json["type"]?.stringValue {
        case "TEXT": self = .text(try text())
        case "DATE_TIME": self = .dateTime(try text())
        case "SELECTION": self = .selection(try text())
        case "SELECTIONS": self = .selections((value.arrayValue ?? []).compactMap(\.stringValue))
        case "TOGGLE": self = .toggle(value.boolValue ?? false)
        case "ADDRESS": self = .address(try (value.arrayValue ?? []).map { try AddressPartValue(json: $0) })
        case "FILE": self = .file(try FileValue(json: value))
        case "PHONE":
            self = .phone(country: value["country"]?.stringValue, national: value["national"]?.stringValue ?? "")
        default: throw JSONCodingError("kept value: unknown type \(String(describing: json["type"]))")
        }
    }

    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// What Retry sends again after a retryable error.
public enum RetryTarget: Codable, Hashable, Sendable {
    case folio(FolioInquiryRequest)
    case saveLocale(String)
    case saveIdentity(IdentitySaveRequest)
    case forgetInquiry(String)
}

/// The identity save of one passed government id attempt.
public struct IdentitySaveRequest: Codable, Hashable, Sendable {
    public var stepId: String
    public var attempt: Int64
    /// Names the save everywhere it is kept (the vault's idempotency, the save's durable record): the same
    /// after a worker died.
    public var saveId: String

    public init(stepId: String, attempt: Int64, saveId: String) {
        self.stepId = stepId
        self.attempt = attempt
        self.saveId = saveId
    }

    var key: String { "\(stepId)/\(attempt)" }
}
