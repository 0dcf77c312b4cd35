import StoreKit

extension DocumentListReducer {
    /// FolioDocumentListStore's state: the documents of the session's vault and the reception of this runtime.
    public struct State: Sendable, Codable, Equatable {
        /// The active `digital` records, projected; kept through a failed read, cleared on a change of session.
        public var items: [FolioDocument]
        public var reception: ReceptionState
        /// The SDK language, for the reception's texts.
        public var language: String
        /// A change arrived while a read was under way: read again after it.
        public var readAgain: Bool
        public var requests: RequestLedger<ListRequest>

        public init(
            items: [FolioDocument] = [], reception: ReceptionState = ReceptionState(), language: String = "en",
            readAgain: Bool = false, requests: RequestLedger<ListRequest> = .init()
        ) {
            self.items = items
            self.reception = reception
            self.language = language
            self.readAgain = readAgain
            self.requests = requests
        }
    }

    /// The one read of the vault the store waits for at a time.
    public enum ListRequest: RequestPurpose {
        case read

        public var slot: ListRequest? { self }
    }
}
