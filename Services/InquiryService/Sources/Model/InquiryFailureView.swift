import Bus
import FolioModel
import WireModel

/// The failure notice, shown instead of everything else when the inquiry cannot go on (spec "Failure notice").
/// Wire: `{title, description, retry?, close}`.
public struct InquiryFailureView: Hashable, Sendable, WireDescribed {
    public var title: String
    public var description: String
    /// The label of the retry button; nil where retrying cannot help.
    public var retry: String?
    public var close: String

    public var json: JSONValue {
        Wire.object([
            "title": .string(title), "description": .string(description), "retry": retry.map(JSONValue.string),
            "close": .string(close),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "title": .string, "description": .string,
                "retry": JSONSchema.string.described(
                    "The label of a button that sends ACT(RETRY); present only where a retry can succeed."),
                "close": JSONSchema.string.described("The label of the button that sends CLOSE."),
            ], required: ["title", "description", "close"],
            description: "Set when the inquiry cannot go on: show it instead of everything else.")
    }

    /// Why a failure notice is shown; the store keeps this, and the texts come from it in the current language.
    public enum Reason: Codable, Hashable, Sendable {
        /// Open failed before the first step.
        case openFailed(InquiryError, entryIsResume: Bool)
        /// The access to a running inquiry ended (TokenExpired, TokenInvalid, Expired).
        case accessEnded(InquiryError)
        /// Saving the verified identity failed (RecordMapping, FileTooLarge).
        case saveFailed(InquiryError)
    }

    /// Every text and retry rule of the failure notice, in one place.
    public static func notice(_ reason: Reason, locale: LocaleTag) -> InquiryFailureView {
        func text(_ key: TextKey) -> String { TextCatalog.text(key, locale: locale) }
        let (title, description): (TextKey, TextKey)
        var canRetry = false
        switch reason {
        case .openFailed(let error, let entryIsResume):
            switch error {
            case .network:
                (title, description) = (.inquiryFailureNetworkTitle, .inquiryFailureNetworkDescription)
                canRetry = !entryIsResume
            case .internal:
                (title, description) = (.inquiryFailureUnavailableTitle, .inquiryFailureUnavailableDescription)
                canRetry = !entryIsResume
            case .invalidEntry, .launchCodeInvalid, .launchInvalid:
                (title, description) = (.inquiryFailureLaunchTitle, .inquiryFailureLaunchDescription)
            case .noActiveInquiry:
                (title, description) = (.inquiryFailureNoInquiryTitle, .inquiryFailureNoInquiryDescription)
            case .windowAttestationInvalid:
                (title, description) = (.inquiryFailureAttestationTitle, .inquiryFailureAttestationDescription)
            case .tokenExpired, .tokenInvalid, .expired:
                (title, description) = (.inquiryFailureExpiredTitle, .inquiryFailureExpiredDescription)
            case .handoffExpired, .handoffConsumed, .handoffMismatch:
                (title, description) = (.inquiryFailureHandoffTitle, .inquiryFailureHandoffDescription)
            default:
                (title, description) = (.inquiryFailureGenericTitle, .inquiryFailureGenericDescription)
            }
        case .accessEnded:
            (title, description) = (.inquiryFailureExpiredTitle, .inquiryFailureExpiredDescription)
        case .saveFailed:
            (title, description) = (.inquiryFailureSaveTitle, .inquiryFailureSaveDescription)
        }
        return InquiryFailureView(
            title: text(title), description: text(description), retry: canRetry ? text(.inquiryFailureRetry) : nil,
            close: text(.inquiryFailureClose))
    }
}
