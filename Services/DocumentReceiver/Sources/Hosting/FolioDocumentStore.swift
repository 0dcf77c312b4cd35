import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit

/// FolioDocumentStore hosted by the DocumentReceiver (`documents.mount {id}`): one document of the vault of the
/// runtime's session, read again when the vault, the session or the SDK locale changes.
public enum FolioDocumentStore: HostedStore {
    public typealias Reducer = DocumentReducer
    public typealias Dependencies = DocumentStoreDependencies
    public typealias Local = AccountFollower
    public static let kind = "document"
    public static let service = StoreService.documents
    public static let mountSpec = DocumentStoreMethods.mount

    public static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        let id = try call.string("id")
        guard !id.isEmpty, id.utf8.count <= 256 else {
            throw JSONRPCError.invalidParams("id must be the id of a FolioDocument (1 to 256 bytes)")
        }
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        let follower = AccountFollower()
        await follower.follow(facts.session.identity.accountID)
        return StoreStart(DocumentReducer(), DocumentReducer.State(documentID: id), local: follower)
    }

    public static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws
        -> StoreRestart<Self>
    {
        StoreRestart(DocumentReducer(), local: AccountFollower())
    }

    public static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] {
        [
            .runtimeKeyed(SessionChanged.self) { change, _, store in
                await store.local.follow(change.identity.accountID) ? [.readNeeded] : []
            },
            .ofRuntime(RuntimeLocaleChanged.self, runtimeID: \.runtimeID) { _, _, _ in [.readNeeded] },
        ]
    }

    public static func started(
        _ host: StoreHost<DocumentReducer>, in store: StoreContext<AccountFollower>, restored: Bool,
        _ dependencies: Dependencies
    ) async throws {
        await store.local.start { [weak host] accountID in
            let subscription = await dependencies.subscribeVault(accountID) { [weak host] notice in
                guard let host else { return }
                let documentID = await host.currentState.documentID
                if notice.entries?.contains(documentID) ?? true { await host.send(.readNeeded) }
            }
            return subscription.map { [$0] } ?? []
        }
        let followed = await store.local.followed
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        // An announcement that moved the store while this read was under way is newer than it.
        await store.local.follow(facts.session.identity.accountID, readWhileFollowing: followed)
        await host.send(.mounted)
    }

    public static func run(
        _ effect: DocumentReducer.Effect, in store: StoreContext<AccountFollower>, _ dependencies: Dependencies
    ) async -> [DocumentReducer.Event] {
        switch effect {
        case .read(let requestID, let documentID):
            do {
                guard let projected = try await dependencies.read(store.runtimeID, id: documentID) else { return [] }
                if let unreadable = projected.unreadable.first(where: { $0.id == documentID }) {
                    return [.readFailed(requestID: requestID, message: unreadable.reason)]
                }
                return [.documentRead(requestID: requestID, projected.documents.first { $0.id == documentID })]
            } catch {
                return [.readFailed(requestID: requestID, message: String(describing: error))]
            }
        case .warnReadFailed(let documentID, let message):
            dependencies.warn(
                "documents: a document cannot be read",
                ["target": "documents", "recordId": documentID, "runtimeId": store.runtimeID, "error": message])
            return []
        }
    }
}
