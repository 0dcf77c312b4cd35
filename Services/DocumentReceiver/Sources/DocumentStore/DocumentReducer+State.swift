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
        /// The read under way, and whether a change asks for another after it.
        public var reads: CoalescedRead

        public init(
            documentID: String, phase: FolioDocumentPhase = .loading, document: FolioDocument? = nil,
            error: String? = nil, reads: CoalescedRead = CoalescedRead()
        ) {
            self.documentID = documentID
            self.phase = phase
            self.document = document
            self.error = error
            self.reads = reads
        }
    }
}
