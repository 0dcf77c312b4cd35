import StoreKit

extension DocumentListReducer {
    /// FolioDocumentListStore's state: the documents of the session's vault and the reception of this runtime.
    public struct State: Sendable, Codable, Equatable {
        /// The active `digital` records, projected; kept through a failed read, cleared on a change of session.
        public var items: [FolioDocument]
        public var reception: ReceptionState
        /// The SDK language, for the reception's texts.
        public var language: String
        /// The read under way, and whether a change asks for another after it.
        public var reads: CoalescedRead

        public init(
            items: [FolioDocument] = [], reception: ReceptionState = ReceptionState(), language: String = "en",
            reads: CoalescedRead = CoalescedRead()
        ) {
            self.items = items
            self.reception = reception
            self.language = language
            self.reads = reads
        }
    }
}
