import FolioModel
import StoreKit
import Synchronization
import XCTest

@testable import VaultService

/// The effect runner's side of a failed read tried again (`VaultReducerReadRetryTests` has the reducer's).
final class VaultStoreReadWaitTests: XCTestCase {
    func testTheWaitAfterAFailedReadWaitsItsSecondsThenAnswersThatTheReadIsDue() async {
        let waited = Mutex<[UInt64]>([])
        var dependencies = VaultStore.Dependencies.unimplemented
        dependencies.wait = { seconds in waited.withLock { $0.append(seconds) } }
        let store = StoreContext(
            id: StoreID.generate(for: .vault), runtime: RuntimeContext(id: "rt_1"),
            local: VaultChangeFollower.unimplemented())
        let events = await VaultStore.run(.waitToRead(requestID: 7, seconds: 4), in: store, dependencies)
        XCTAssertEqual(events, [.readDue(requestID: 7)])
        XCTAssertEqual(waited.withLock { $0 }, [4])
    }
}
