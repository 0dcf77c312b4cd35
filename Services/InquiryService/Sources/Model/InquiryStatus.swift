import WireModel

/// The status of an inquiry at Folio. Wire: a string.
public enum InquiryStatus: String, WireStringEnum, Hashable {
    case created = "CREATED"
    case pending = "PENDING"
    case completed = "COMPLETED"
    case approved = "APPROVED"
    case declined = "DECLINED"
    case needsReview = "NEEDS_REVIEW"
    case canceled = "CANCELED"
    case expired = "EXPIRED"
    case failed = "FAILED"

    /// The outcome of a final status; nil while the inquiry runs.
    public var outcome: TerminalOutcome? { TerminalOutcome(rawValue: rawValue) }
    public var isFinal: Bool { outcome != nil }
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
