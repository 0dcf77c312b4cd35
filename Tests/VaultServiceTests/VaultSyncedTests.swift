import Bus
import FolioAPI
import FolioEmulator
import FolioModel
import StoreKit
import Synchronization
import XCTest

@testable import VaultService

/// `VaultSynced` (docs/bus.md): published after every sync pass a VaultStore runs that succeeded (no error, no
/// record or attachment failure), with the account and the store's runtime; never after a failed pass, nor
/// after the fetch of a received document.
final class VaultSyncedTests: IssuedDocumentTestCase {
    /// Each event seen, as `<accountId> <runtimeId or ->`.
    private let seen = Locked<[String]>([])

    private func follow(_ account: VaultAccount) async throws -> any BusSubscription {
        let seen = self.seen
        return try await service.context.transport.subscribe(VaultSynced.self, key: account.id, delivery: .serial) {
            event in seen.value.withLock { $0.append("\(event.accountID) \(event.runtimeID ?? "-")") }
        }
    }

    /// The pass a VaultStore of `runtimeID` runs, through the store's live dependencies. The bus delivers the
    /// events it publishes before it returns.
    private func pass(_ account: VaultAccount, runtimeID: String) async -> SyncOutcome? {
        let store = StoreContext(
            id: StoreID.generate(for: .vault), runtime: await service.context.registry.runtime(runtimeID),
            local: VaultChangeFollower.unimplemented())
        let events = await VaultStore.run(
            .sync(requestID: 1, account: account, background: true), in: store, .live(services))
        guard case .syncFinished(_, let outcome)? = events.first else { return nil }
        return outcome
    }

    func testVaultSyncedIsPublishedAfterASuccessfulPassWithTheStoresRuntimeAndNotAfterAFailedOne() async throws {
        let chen = try await signedIn()
        let subscription = try await follow(chen)
        _ = try await admin.injectFault(EmulatorFault(route: "GET /v1/vault/changes", status: 503))
        let failed = await pass(chen, runtimeID: "rt_failed")
        XCTAssertNotNil(failed?.error)
        XCTAssertEqual(seen.value.withLock { $0.count }, 0, "a failed pass announces nothing")

        let succeeded = await pass(chen, runtimeID: runtimeID)
        XCTAssertEqual(succeeded?.succeeded, true)
        XCTAssertEqual(seen.value.withLock { $0 }, ["\(chen.id) \(runtimeID)"])
        await subscription.cancel()
    }

    func testAGuestsSuccessfulPassPublishesVaultSyncedToo() async throws {
        let guest = try await guest()
        let subscription = try await follow(guest)
        let outcome = await pass(guest, runtimeID: runtimeID)
        XCTAssertEqual(outcome?.succeeded, true)
        XCTAssertEqual(seen.value.withLock { $0 }, ["\(guest.id) \(runtimeID)"])
        await subscription.cancel()
    }

    func testReceivingADocumentPublishesNoVaultSynced() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let subscription = try await follow(chen)
        _ = try await receive(issuance.inviteId, for: chen).get()
        XCTAssertEqual(seen.value.withLock { $0.count }, 0)
        await subscription.cancel()
    }
}
