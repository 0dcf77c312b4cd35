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
    case submit(stepId: String, fields: [String: JSONValue], locale: String?)
    case back(stepId: String, locale: String?)
    case cancel(locale: String?)
    case complete(locale: String?)
    /// ContinueHere: make this device the controller.
    case takeControl(locale: String?)
    case handoff
    case upload(field: String, fileName: String, mimeType: String, bytes: [UInt8])
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

    public init(
        inquiryId: String, correlationId: String, status: InquiryStatus, locale: String, controller: Bool,
        stage: InquiryStage
    ) {
        self.inquiryId = inquiryId
        self.correlationId = correlationId
        self.status = status
        self.locale = locale
        self.controller = controller
        self.stage = stage
    }
}

/// Folio's answer to a FolioInquiryRequest.
public enum FolioInquiryAnswer: Hashable, Sendable {
    case step(FolioStepUpdate)
    case handoff(HandoffView)
    case uploaded(field: String, FileValue)
    case result(InquiryStatus)
}

/// A value the store keeps for a field, in the shape the store made of the person's edits.
public enum KeptValue: Codable, Hashable, Sendable {
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
}

/// What Retry sends again after a retryable error.
public enum RetryTarget: Codable, Hashable, Sendable {
    case folio(FolioInquiryRequest)
    case saveLocale(String)
}
