import Foundation
import XCTest

@testable import VaultService

/// A store that shows a vault holds one long poll on Folio's change feed for its account while it waits
/// (docs/vault-store.md, "Change notifications"). Those waits must never hold up the vault's other calls to Folio
/// (pushes, fetches, receipts of issued documents), however many accounts are watched.
final class VaultWatchConnectionTests: IssuedDocumentTestCase {
    func testManyWaitingLongPollsDoNotHoldUpTheVaultsOtherFolioCalls() async throws {
        var watched: [VaultAccount] = []
        for _ in 0..<12 {
            let account = try await guest()
            await services.watchers.acquire(account)
            watched.append(account)
        }
        // Every long poll is out and waits (20 s) for a change that does not come.
        try await Task.sleep(for: .seconds(1))
        let other = try await guest()
        let started = Date()
        let outcome = await services.sync.pass(other)
        let took = Date().timeIntervalSince(started)
        XCTAssertNil(outcome.error, "\(String(describing: outcome.error))")
        XCTAssertLessThan(took, 10, "the pass went through while the twelve long polls still waited (they wait 20 s)")
        for account in watched { await services.watchers.release(account) }
    }
}
