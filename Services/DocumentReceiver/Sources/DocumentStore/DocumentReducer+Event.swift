import StoreKit

extension DocumentReducer {
    /// What happened to FolioDocumentStore.
    public enum Event: Sendable, Equatable {
        case actionReceived(FolioDocumentAction)
        /// The store was mounted: read the document.
        case mounted
        /// The vault, the session or the SDK locale changed: read again.
        case readNeeded
        /// The read of `read` found the document, or found none (nil).
        case documentRead(requestID: UInt64, FolioDocument?)
        /// The read of `read` failed.
        case readFailed(requestID: UInt64, message: String)
    }
}

extension DocumentReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .documentRead(let requestID, _), .readFailed(let requestID, _): requestID
        case .actionReceived, .mounted, .readNeeded: nil
        }
    }
}
