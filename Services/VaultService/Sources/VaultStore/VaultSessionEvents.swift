import Bus
import FolioModel
import Foundation
import ServiceKit
import StoreKit

/// The service-wide events a vault follows besides its stores' own: a sign-in's session change (which
/// copies a transient vault into the account's even when no VaultStore is mounted) and a client's return
/// to the foreground.
enum VaultSessionEvents {
    /// Copies the transient vault of `guest` into `account`'s; logged, not thrown: the next trigger retries.
    static func transfer(from guest: String, to account: String, _ dependencies: VaultStore.Dependencies) async {
        do {
            let copied = try await dependencies.transfer.copy(from: guest, to: account)
            if copied > 0 {
                dependencies.context.logger.info("transient vault copied", ["entries": String(copied)])
                await VaultChanges.announce(account: account, transport: dependencies.context.transport)
            }
        } catch {
            dependencies.context.logger.warning("transient vault not copied yet", ["error": String(describing: error)])
        }
    }

    /// Subscribes to every runtime's session changes in the `vault` queue group (one worker takes each) and
    /// copies the transient vault on a sign-in that the announcement names with its previous identity.
    static func followSignIns(_ dependencies: VaultStore.Dependencies) async throws -> any BusSubscription {
        try await dependencies.context.transport.subscribe(
            subject: BusSubjects.sessionChanged(runtimeID: "*"), queueGroup: VaultService.name, delivery: .concurrent
        ) { message in
            guard let json = try? JSONParser.parse(message.payload), let identity = json["identity"],
                let previousIdentity = json["previousIdentity"],
                let account = VaultAccount(identity: identity, folioSessionID: nil),
                let previous = VaultAccount(identity: previousIdentity, folioSessionID: nil),
                previous.kind == .transient, account.kind == .authenticated
            else { return .now(nil) }
            await transfer(from: previous.id, to: account.id, dependencies)
            return .now(nil)
        }
    }

    /// `runtime.foreground`: every VaultStore of the runtime on this worker pushes, and fetches at most once
    /// a minute.
    static func followForeground(_ dependencies: VaultStore.Dependencies) async throws -> any BusSubscription {
        let registry = dependencies.context.registry
        return try await dependencies.context.transport.subscribe(
            subject: BusSubjects.runtimeForeground, queueGroup: nil, delivery: .concurrent
        ) { message in
            guard let runtimeID = (try? JSONParser.parse(message.payload))?["runtimeId"]?.stringValue else {
                return .now(nil)
            }
            let now = Int64(Date().timeIntervalSince1970)
            for store in await registry.stores(ofRuntime: runtimeID) {
                await (store as? StoreHost<VaultReducer>)?.send(.cameToForeground(now: now))
            }
            return .now(nil)
        }
    }
}
