import StoreKit

extension DocumentListReducer {
    /// What FolioDocumentListStore asks for.
    public enum Effect: Sendable, Codable, Equatable {
        /// Reads the active `digital` records of the session's vault and projects them.
        case read(requestID: UInt64)
        /// Logs that the vault could not be read (the items stay), naming the target documents.
        case warnVaultUnreadable(message: String)
        /// Asks for a reception pass for the session's account, on behalf of this runtime.
        case requestPass(ReceptionState.Trigger)
    }
}

extension DocumentListReducer.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        switch self {
        case .read(let requestID): requestID
        case .warnVaultUnreadable, .requestPass: nil
        }
    }
}
