import StoreKit

extension DocumentListReducer {
    /// What happened to FolioDocumentListStore.
    public enum Event: Sendable, Equatable {
        case actionReceived(FolioDocumentListAction)
        /// The store was mounted: read the vault.
        case mounted
        /// The vault changed: read it again.
        case vaultChanged
        /// The SDK locale changed: texts and dates follow it.
        case languageChanged(String)
        /// The runtime's session changed: the previous session's documents and reception are gone.
        case sessionChanged
        /// The read of `read` projected these documents.
        case itemsRead(requestID: UInt64, [FolioDocument])
        /// The vault could not be read at all.
        case readFailed(requestID: UInt64, message: String)
        /// A reception pass for the session's account started, as this runtime sees it.
        case receptionStarted(ReceptionState.Trigger)
        /// A reception pass ended: its outcome, and what it says of this runtime's own issuances.
        case receptionEnded(
            ReceptionState.PassOutcome, notIssued: Bool?, received: String?, trigger: ReceptionState.Trigger)
    }
}

extension DocumentListReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .itemsRead(let requestID, _), .readFailed(let requestID, _): requestID
        default: nil
        }
    }
}
