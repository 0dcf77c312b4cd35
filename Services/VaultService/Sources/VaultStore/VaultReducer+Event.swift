import FolioModel
import StoreKit

extension VaultReducer {

    public enum Event: Sendable, Equatable {
        case actionReceived(VaultAction)
        /// A Write or Share finished; `error` is nil on success. `pushes`: a successful write of a signed-in
        /// vault, after which the vault pushes.
        case actionFinished(requestID: UInt64, error: VaultError?, pushes: Bool)
        /// A Write succeeded. `changed`: what it changed; `patch`: those entries as it left them, read in its own
        /// transaction (nil when it changed more than its entries). The store's own change notification of it is
        /// not delivered to the store: the patch, or a read of `changed`, takes its place.
        case writeFinished(requestID: UInt64, changed: VaultReload, patch: VaultViewPatch?, pushes: Bool)
        case viewLoaded(requestID: UInt64, VaultView)
        /// Some entries read again (`loadEntries`).
        case entriesLoaded(requestID: UInt64, VaultViewPatch)
        case viewFailed(requestID: UInt64, VaultError)
        /// The vault of the store's account changed (a sync, a share, a write that changed more than its
        /// entries).
        case vaultChanged
        /// A write changed these entries (local ids) of the store's account, and nothing else.
        case entriesChanged([String])
        /// A service changed the vault for this store's runtime outside its actions (an attachment added): a
        /// signed-in vault pushes, as after a write.
        case pushRequested
        /// The runtime's session now holds this account's vault (announced by the AuthService).
        case sessionChanged(VaultAccount)
        /// The runtime's session read again once the store follows its events (its first state already holds the
        /// session read at mount): the first read of the view starts, or the session change if it moved
        /// meanwhile. An announcement that came first is newer.
        case sessionRead(VaultAccount)
        case networkChanged(NetworkStatus)
        /// The client came back to the foreground at `now` (seconds since the Unix epoch).
        case cameToForeground(now: Int64)
        /// A sync pass ended: the Sync action's, or a background one.
        case syncFinished(requestID: UInt64, SyncOutcome)
        /// The wait before retrying a failed background sync is over.
        case retryDue(requestID: UInt64)
        /// The wait after a failed read is over: the view is read again.
        case readDue(requestID: UInt64)
        /// The store was rebuilt from its snapshot, whose view is not stored.
        case restored
    }
}

extension VaultReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .actionFinished(let requestID, _, _), .writeFinished(let requestID, _, _, _),
            .viewLoaded(let requestID, _),
            .entriesLoaded(let requestID, _), .viewFailed(let requestID, _), .syncFinished(let requestID, _),
            .retryDue(let requestID), .readDue(let requestID):
            requestID
        case .actionReceived, .vaultChanged, .entriesChanged, .pushRequested, .sessionChanged, .sessionRead,
            .networkChanged, .cameToForeground, .restored:
            nil
        }
    }
}
