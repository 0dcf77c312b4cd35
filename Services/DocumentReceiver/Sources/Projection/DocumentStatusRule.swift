import Foundation

/// A document's status at `now`: Revoked once the record's header has `revokedAt`; otherwise NotYetValid until
/// 00:00 UTC of its first valid day, Expired from 00:00 UTC of its `validUntil` day, else Valid.
public enum DocumentStatusRule {
    public static func status(validFrom: String?, validUntil: String?, revokedAt: Date?, now: Date)
        -> FolioDocumentStatus
    {
        if revokedAt != nil { return .revoked }
        if let start = validFrom.flatMap(DocumentDates.start(of:)), now < start { return .notYetValid }
        if let end = validUntil.flatMap(DocumentDates.start(of:)), now >= end { return .expired }
        return .valid
    }
}
