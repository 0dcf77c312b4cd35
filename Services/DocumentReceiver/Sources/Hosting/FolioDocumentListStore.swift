import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit

/// FolioDocumentListStore hosted by the DocumentReceiver (`documents.mountList`): the documents of the vault of the
/// runtime's session and the reception, followed through the session's account.
public enum FolioDocumentListStore: HostedStore {
    public typealias Reducer = DocumentListReducer
    public typealias Dependencies = DocumentStoreDependencies
    public typealias Local = AccountFollower
    public static let kind = "documentList"
    public static let service = StoreService.documents
    public static let mountSpec = DocumentStoreMethods.mountList

    public static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        let follower = AccountFollower()
        await follower.follow(facts.session.identity.accountID)
        return StoreStart(
            DocumentListReducer(), DocumentListReducer.State(language: facts.localeOrEnglish.language),
            local: follower)
    }

    public static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws
        -> StoreRestart<Self>
    {
        StoreRestart(DocumentListReducer(), local: AccountFollower())
    }

    public static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] {
        [
            .runtimeKeyed(SessionChanged.self) { change, _, store in
                await store.local.follow(change.identity.accountID) ? [.sessionChanged] : []
            },
            .ofRuntime(RuntimeLocaleChanged.self, runtimeID: \.runtimeID) { change, _, _ in
                [.languageChanged(change.locale.language)]
            },
        ]
    }

    public static func started(
        _ host: StoreHost<DocumentListReducer>, in store: StoreContext<AccountFollower>, restored: Bool,
        _ dependencies: Dependencies
    ) async throws {
        let runtimeID = store.runtimeID
        await store.local.start { [weak host] accountID in
            var subscriptions: [any BusSubscription] = []
            if let vault = await dependencies.subscribeVault(
                accountID, { [weak host] _ in await host?.send(.vaultChanged) })
            {
                subscriptions.append(vault)
            }
            if let reception = await dependencies.subscribeReception(
                accountID, { [weak host] change in await host?.send(Self.event(change, runtimeID: runtimeID)) })
            {
                subscriptions.append(reception)
            }
            return subscriptions
        }
        let followed = await store.local.followed
        guard let facts = try await dependencies.facts(runtimeID) else { throw StoreError.runtimeShutDown }
        // A session change announced before the subscription reached nobody; one announced while this read was
        // under way is newer than it.
        if await store.local.follow(facts.session.identity.accountID, readWhileFollowing: followed), !restored {
            await host.send(.sessionChanged)
        }
        await host.send(.mounted)
    }

    public static func run(
        _ effect: DocumentListReducer.Effect, in store: StoreContext<AccountFollower>, _ dependencies: Dependencies
    ) async -> [DocumentListReducer.Event] {
        switch effect {
        case .read(let requestID):
            do {
                guard let projected = try await dependencies.read(store.runtimeID) else { return [] }
                dependencies.warnUnreadable(projected.unreadable, runtimeID: store.runtimeID)
                return [.itemsRead(requestID: requestID, projected.documents)]
            } catch {
                return [.readFailed(requestID: requestID, message: String(describing: error))]
            }
        case .warnVaultUnreadable(let message):
            dependencies.warn(
                "documents: the vault cannot be read; the list keeps its items",
                ["target": "documents", "runtimeId": store.runtimeID, "error": message])
            return []
        case .askReceptionStatus:
            guard let facts = try? await dependencies.facts(store.runtimeID) else { return [] }
            await dependencies.requestPass(
                ReceptionTrigger(.status, accountID: facts.session.identity.accountID, runtimeID: store.runtimeID))
            return []
        case .requestPass(let trigger):
            guard let facts = try? await dependencies.facts(store.runtimeID) else { return [] }
            await dependencies.requestPass(
                ReceptionTrigger(
                    trigger == .retry ? .retry : .refresh, accountID: facts.session.identity.accountID,
                    runtimeID: store.runtimeID))
            return []
        }
    }

    /// A reception pass as the list stores of `runtimeID` see it: Refresh, Retry and offers count as such only
    /// on the runtime that asked; what a pass says of issuances counts only on the runtime whose inquiry offered
    /// them.
    static func event(_ change: DocumentReceptionChanged, runtimeID: String) -> DocumentListReducer.Event {
        let trigger: ReceptionState.Trigger =
            switch (change.runtimeID == runtimeID, change.trigger) {
            case (true, .refresh): .refresh
            case (true, .retry): .retry
            case (true, .inquiryOffer): .inquiryOffer
            default: .automatic
            }
        switch change.stage {
        case .started:
            return .receptionStarted(trigger)
        case .ended:
            let outcome: ReceptionState.PassOutcome =
                switch change.outcome {
                case .onItsWay: .onItsWay
                case .failed: .failed
                case .nothingPending, nil: .nothingPending
                }
            return .receptionEnded(
                outcome, notIssued: change.notIssued.first { $0.runtimeID == runtimeID }?.declined,
                received: change.received.first { $0.runtimeID == runtimeID }?.id, trigger: trigger)
        }
    }
}
