import FolioModel
import StoreKit

extension VaultReducer {

    public enum Effect: Sendable, Codable, Equatable {
        /// The request id a Write or Share effect answers with.
        var writeRequestID: UInt64? {
            switch self {
            case .write(let requestID, _, _), .share(let requestID, _, _): requestID
            default: nil
            }
        }

        case write(requestID: UInt64, account: VaultAccount, VaultWrite)
        /// A push and a fetch (a transient vault only fetches); `background` passes are retried on failure.
        case sync(requestID: UInt64, account: VaultAccount, background: Bool)
        /// A push without a fetch; answers `syncFinished`.
        case push(requestID: UInt64, account: VaultAccount)
        /// Waits `seconds`, then answers `retryDue`.
        case waitToRetry(requestID: UInt64, seconds: UInt64)
        /// Waits `seconds` after a failed read, then answers `readDue`.
        case waitToRead(requestID: UInt64, seconds: UInt64)
        case share(requestID: UInt64, account: VaultAccount, VaultShare)
        case loadView(requestID: UInt64, account: VaultAccount)
        /// Reads only these entries (local ids); answers `entriesLoaded`.
        case loadEntries(requestID: UInt64, account: VaultAccount, ids: [String])
        /// Starts following Folio's change feed of the account (one long poll per account on the worker), until
        /// the session moves on or the store closes; answers nothing.
        case watch(account: VaultAccount)
    }
}

extension VaultReducer.Effect: RequestCorrelated {
    /// nil for `watch`, which follows Folio's change feed and answers nothing.
    public var requestID: UInt64? {
        switch self {
        case .write(let requestID, _, _), .sync(let requestID, _, _), .push(let requestID, _),
            .waitToRetry(let requestID, _), .waitToRead(let requestID, _), .share(let requestID, _, _),
            .loadView(let requestID, _),
            .loadEntries(let requestID, _, _):
            requestID
        case .watch:
            nil
        }
    }
}
