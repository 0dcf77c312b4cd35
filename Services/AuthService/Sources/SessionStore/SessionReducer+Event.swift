import FolioAPI
import StoreKit
import WireModel

extension SessionReducer {
    public enum Event: Sendable, Equatable {
        case actionReceived(SessionAction)
        /// The new guest identity of a sign-out exists.
        case transientIdentityCreated(requestID: UInt64, accountId: String)
        /// A sign-in or recovery finished on this identity (Folio confirmed it).
        case switched(identity: SessionIdentity, folioSessionID: String?)
        /// The session could not switch to the ceremony's identity: the previous one stays, with status Device.
        case switchFailed
        /// Folio ended the session ("Expired sessions").
        case endedByFolio(folioSessionID: String)
        /// The runtime's session changed elsewhere (a ceremony, another SessionStore).
        case observed(SessionUiModel, folioSessionID: String?)
        /// The runtime's session as read again once the store follows the announcements; `since` and
        /// `sinceFolioSessionID` are what the store held when that read began. It is taken only while the store
        /// still holds that: an announcement or a sign-out that reached the store meanwhile is newer than the read.
        case readAgain(
            SessionUiModel, folioSessionID: String?, since: SessionUiModel, sinceFolioSessionID: String?)
    }
}

extension SessionReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        if case .transientIdentityCreated(let requestID, _) = self { return requestID }
        return nil
    }
}

extension SessionReducer.Event {
    /// How a mounted store takes a change announced on the bus. Folio ending a session concerns only the store
    /// that still holds that session (`endedByFolio`): the expiry watcher's announcement can arrive after a
    /// sign-out already moved the runtime to its new guest, and must not bring the ended identity back.
    public static func announced(_ change: SessionChanged) -> Self {
        if change.status == .expired, let session = change.folioSessionID {
            return .endedByFolio(folioSessionID: session)
        }
        return .observed(
            SessionUiModel(identity: change.identity, status: change.status), folioSessionID: change.folioSessionID)
    }
}
