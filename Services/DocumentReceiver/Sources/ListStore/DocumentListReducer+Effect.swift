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
        /// Asks whether something is on its way to the session's account (answered as a reception event by the
        /// process that awaits it; no pass runs).
        case askReceptionStatus
    }
}

extension DocumentListReducer.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        switch self {
        case .read(let requestID): requestID
        case .warnVaultUnreadable, .requestPass, .askReceptionStatus: nil
        }
    }
}
