import Bus
import FolioAPI
import FolioModel
import Foundation
import ServiceKit
import StoreKit

/// The service-wide events a vault follows besides its stores' own: a sign-in's session change (which
/// copies a transient vault into the account's even when no VaultStore is mounted) and a client's return
/// to the foreground.
enum VaultSessionEvents {
    /// Copies the transient vault of `guest` into `account`'s. A copy that fails (it left both vaults as they
    /// were) is tried again in the background, as a failed background pass is (2 s, then doubling up to 5
    /// minutes), until it succeeds: the sign-in is announced once, so nothing else would copy the guest's
    /// records.
    static func transfer(from guest: String, to account: String, _ dependencies: VaultServices) async {
        let attempt: @Sendable () async -> Bool = { await copy(from: guest, to: account, dependencies) }
        guard !(await attempt()) else { return }
        let scale = dependencies.retryScale
        Task {
            await retrying(after: 1, wait: { try? await Task.sleep(for: .seconds(Double($0) * scale)) }, attempt)
        }
    }

    /// The pauses between copies: those of a failed background pass (2 s, then doubling up to 5 minutes).
    static let copyRetry = SyncRetrySchedule.backoff

    /// Runs `attempt` until it succeeds, waiting `copyRetry`'s pause (in whole seconds) before each try;
    /// `failures`: the attempts that failed already. Returns the attempts that failed in all.
    @discardableResult
    static func retrying(after failures: Int, wait: (UInt64) async -> Void, _ attempt: () async -> Bool) async -> Int {
        var failed = failures
        _ = await copyRetry.retry(after: failures, sleep: { await wait(UInt64($0.components.seconds)) }) {
            if await attempt() { return }
            failed += 1
            throw CopyNotDone()
        }
        return failed
    }

    private struct CopyNotDone: Error {}

    /// One copy; logged, not thrown.
    private static func copy(from guest: String, to account: String, _ dependencies: VaultServices) async
        -> Bool
    {
        do {
            let copied = try await dependencies.transfer.copy(from: guest, to: account)
            if copied > 0 {
                dependencies.context.logger.info("transient vault copied", ["entries": String(copied)])
                await VaultChanges.announce(account: account, transport: dependencies.context.transport)
            }
            return true
        } catch {
            dependencies.context.logger.warning("transient vault not copied yet", ["error": String(describing: error)])
            return false
        }
    }

    /// Subscribes to every runtime's session changes in the `vault` queue group (one worker takes each) and
    /// copies the transient vault on a sign-in that the announcement names with its previous identity.
    static func followSignIns(_ dependencies: VaultServices) async throws -> any BusSubscription {
        try await dependencies.context.transport.subscribe(
            SessionChanged.self, queueGroup: VaultService.name, delivery: .concurrent
        ) { change in
            guard let previousIdentity = change.previousIdentity else { return }
            let account = VaultAccount(identity: change.identity, folioSessionID: nil)
            let previous = VaultAccount(identity: previousIdentity, folioSessionID: nil)
            guard previous.kind == .transient, account.kind == .authenticated else { return }
            await transfer(from: previous.id, to: account.id, dependencies)
        }
    }

    /// `runtime.foreground`: every VaultStore of the runtime on this worker pushes, and fetches at most once
    /// a minute.
    static func followForeground(_ dependencies: VaultServices) async throws -> any BusSubscription {
        let registry = dependencies.context.registry
        return try await dependencies.context.transport.subscribe(RuntimeCameToForeground.self, delivery: .concurrent) {
            event in
            let now = Int64(Date().timeIntervalSince1970)
            for store in await registry.stores(ofRuntime: event.runtimeID) {
                await (store as? StoreHost<VaultReducer>)?.send(.cameToForeground(now: now))
            }
        }
    }
}
