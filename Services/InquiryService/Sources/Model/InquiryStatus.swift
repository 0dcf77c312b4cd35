import Bus
import FolioWire
import WireModel

/// The status of an inquiry at Folio: Folio's own enum, whose wire shape in the store model is the same string.
public typealias InquiryStatus = FolioInquiryStatus

extension FolioInquiryStatus: WireStringEnum {
    /// The spec's name: the status is Folio's, the schema the store's.
    public static var wireName: String { "InquiryStatus" }

    /// The outcome of a final status; nil while the inquiry runs.
    public var outcome: TerminalOutcome? { TerminalOutcome(rawValue: rawValue) }
}

/// The final result of an inquiry: a plain enumeration, a string on the wire (spec "Outcomes").
public enum TerminalOutcome: String, WireStringEnum, Hashable {
    case completed = "COMPLETED"
    case approved = "APPROVED"
    case declined = "DECLINED"
    case needsReview = "NEEDS_REVIEW"
    case canceled = "CANCELED"
    case expired = "EXPIRED"
    case failed = "FAILED"
}
