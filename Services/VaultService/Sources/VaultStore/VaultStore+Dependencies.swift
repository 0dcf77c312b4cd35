import Bus
import FolioAPI
import FolioModel
import Lifecycle
import ServiceKit
import StoreKit

extension VaultStore {
    /// VaultStore's outside world.
    struct Dependencies: Sendable {
        /// The account of the runtime's session with the runtime's organization; nil once it shut down.
        var account: @Sendable (_ runtimeID: String) async throws -> VaultAccount?
        /// A new store's follower of its account's change notifications and Folio watch.
        var changeFollower: @Sendable () -> VaultChangeFollower
        /// Applies a write; the key (the store's idempotency key of the request) makes a creation's entry id.
        var write: @Sendable (VaultWrite, VaultAccount, _ creationKey: String) async throws -> VaultWriteResult
        var view: @Sendable (VaultAccount) async throws -> VaultView
        var entries: @Sendable (_ ids: [String], VaultAccount) async throws -> VaultViewPatch
        /// One sync pass (push, then fetch) of the account's vault with Folio.
        var sync: @Sendable (VaultAccount) async -> SyncOutcome
        var push: @Sendable (VaultAccount) async -> SyncOutcome
        var share: @Sendable (VaultShare, VaultAccount) async throws -> Void
        /// Announces a committed change of an account's vault: the entries it names (nil: anything), and the
        /// store whose write it was.
        var announce: @Sendable (_ accountID: String, _ entries: [String]?, _ by: StoreID?) async -> Void
        /// Announces a sync pass of an account's vault that succeeded (`VaultSynced`), run by a store of the runtime.
        var synced: @Sendable (_ accountID: String, _ runtimeID: String?) async -> Void
        /// Copies a guest's transient vault into the account's on sign-in (retried in the background).
        var copyGuestVault: @Sendable (_ guest: String, _ account: String) async -> Void
        /// Folio's reachability now, checked again when the last probe missed it, and every later change to the
        /// observer (which answers false once its store is gone).
        var network: @Sendable (_ observer: @escaping @Sendable (NetworkStatus) async -> Bool) async -> NetworkStatus
        /// Waits the seconds of a sync retry, or of the pause before a failed read is tried again.
        var wait: @Sendable (_ seconds: UInt64) async -> Void
        var log: @Sendable (Logger.Level, String, [String: String]) -> Void
    }
}

extension VaultStore.Dependencies {
    static func live(_ services: VaultServices) -> Self {
        let context = services.context
        let database = context.database
        return Self(
            account: { runtimeID in try await VaultAccount.ofRuntime(runtimeID, database: database) },
            changeFollower: { VaultChangeFollower(transport: context.transport, watchers: services.watchers) },
            write: { write, account, creationKey in
                try await services.repository.write(
                    write, account: account.id, session: account.kind, readingBack: true, creationKey: creationKey)
            },
            view: { account in
                let view = try await services.repository.view(account: account.id)
                VaultMemory.read(entries: view.recordsJSON.count + view.foldersJSON.count)
                return view
            },
            entries: { ids, account in try await services.repository.entries(ids, account: account.id) },
            sync: { account in await services.sync.pass(account) },
            push: { account in await services.sync.pushOnly(account) },
            share: { share, account in try await services.sync.share(share, account: account) },
            announce: { accountID, entries, store in
                await VaultChanges.announce(
                    account: accountID, entries: entries, by: store, transport: context.transport)
            },
            synced: { accountID, runtimeID in
                try? await context.transport.publish(VaultSynced(accountID: accountID, runtimeID: runtimeID))
            },
            copyGuestVault: { guest, account in await VaultSessionEvents.transfer(from: guest, to: account, services) },
            network: { observer in
                if await services.network.status != .online { await services.network.check() }
                return await services.network.observe(observer)
            },
            wait: { seconds in try? await Task.sleep(for: .seconds(Double(seconds) * services.retryScale)) },
            log: { level, message, fields in context.logger.log(level, message, fields) })
    }

    /// Every dependency fails the test that calls it; a test sets the ones it expects.
    static let unimplemented = Self(
        account: { _ in throw UnimplementedDependency("VaultStore.account") },
        changeFollower: { VaultChangeFollower.unimplemented() },
        write: { _, _, _ in throw UnimplementedDependency("VaultStore.write") },
        view: { _ in throw UnimplementedDependency("VaultStore.view") },
        entries: { _, _ in throw UnimplementedDependency("VaultStore.entries") },
        sync: { _ in
            SyncOutcome(
                error: .invalidRequest(message: UnimplementedDependency("VaultStore.sync").description), finishedAt: 0)
        },
        push: { _ in
            SyncOutcome(
                error: .invalidRequest(message: UnimplementedDependency("VaultStore.push").description), finishedAt: 0)
        },
        share: { _, _ in throw UnimplementedDependency("VaultStore.share") },
        announce: { _, _, _ in _ = UnimplementedDependency("VaultStore.announce") },
        synced: { _, _ in _ = UnimplementedDependency("VaultStore.synced") },
        copyGuestVault: { _, _ in _ = UnimplementedDependency("VaultStore.copyGuestVault") },
        network: { _ in
            _ = UnimplementedDependency("VaultStore.network")
            return .unknown
        },
        wait: { _ in _ = UnimplementedDependency("VaultStore.wait") },
        log: { _, _, _ in })
}
