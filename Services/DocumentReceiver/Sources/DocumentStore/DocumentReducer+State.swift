import StoreKit

extension DocumentReducer {
    /// FolioDocumentStore's state: the document it shows and how its last read went.
    public struct State: Sendable, Codable, Equatable {
        /// The id the store was mounted with (`FolioDocumentInit.id`).
        public var documentID: String
        public var phase: FolioDocumentPhase
        /// The last document read; kept through a failed read.
        public var document: FolioDocument?
        /// Why the last read failed; the next read that succeeds clears it.
        public var error: String?
        /// A change arrived while a read was under way: read again after it.
        public var readAgain: Bool
        public var requests: RequestLedger<DocumentRequest>

        public init(
            documentID: String, phase: FolioDocumentPhase = .loading, document: FolioDocument? = nil,
            error: String? = nil, readAgain: Bool = false, requests: RequestLedger<DocumentRequest> = .init()
        ) {
            self.documentID = documentID
            self.phase = phase
            self.document = document
            self.error = error
            self.readAgain = readAgain
            self.requests = requests
        }
    }

    /// The one read the store waits for at a time.
    public enum DocumentRequest: RequestPurpose {
        case read

        public var slot: DocumentRequest? { self }
    }
}
