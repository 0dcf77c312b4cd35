import FolioAPI
import StoreKit

extension SessionStore {
    static func run(_ effect: SessionReducer.Effect, in store: StoreContext<Void>, _ dependencies: Dependencies) async
        -> [SessionReducer.Event]
    {
        switch effect {
        case .endFolioSession(let folioSessionID):
            // Ending a session Folio already ended is fine; a failure is logged, the sign-out goes on.
            do {
                try await dependencies.endFolioSession(folioSessionID)
            } catch {
                dependencies.warn("ending the Folio session failed", String(describing: error))
            }
            return []
        case .createTransientIdentity(let requestID):
            return [.transientIdentityCreated(requestID: requestID, accountId: dependencies.newGuestAccountID())]
        case .publishChange(let model, let folioSessionID):
            let change = SessionChanged(
                runtimeID: store.runtimeID, identity: model.identity, status: model.status,
                folioSessionID: folioSessionID)
            // Retried until PostgreSQL takes it, so a change is never announced without being recorded.
            _ = await Backoff.untilStored.retry(shouldStop: { false }) { try await dependencies.record(change) }
            await dependencies.announce(change)
            return []
        }
    }
}
