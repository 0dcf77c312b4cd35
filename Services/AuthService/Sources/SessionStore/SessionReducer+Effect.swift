import StoreKit
import WireModel

extension SessionReducer {
    public enum Effect: Sendable, Codable, Equatable {
        /// Signs the session out at Folio (idempotent: ending an ended session is not an error).
        case endFolioSession(folioSessionID: String)
        /// Creates the guest account that the runtime's new transient identity holds.
        case createTransientIdentity(requestID: UInt64)
        /// Records the runtime's session and announces the new model to every store of the runtime.
        case publishChange(SessionUiModel, folioSessionID: String?)
    }
}

extension SessionReducer.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        if case .createTransientIdentity(let requestID) = self { return requestID }
        return nil
    }
}
