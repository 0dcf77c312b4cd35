import Synchronization
import XCTest

@testable import VaultService

/// Spec "Transient sessions": on sign-in the transient vault is copied into the account's. The sign-in is
/// announced once, so a copy that failed is tried again on the retry schedule until it succeeds.
final class VaultSignInCopyRetryTests: XCTestCase {
    func testAFailedSignInCopyIsTriedAgainAfter2s4sAnd8sUntilTheThirdRetrySucceeds() async {
        let waits = Mutex<[UInt64]>([])
        let attempts = Mutex(0)
        let failed = await VaultSessionEvents.retrying(
            after: 1, wait: { seconds in waits.withLock { $0.append(seconds) } }
        ) {
            attempts.withLock {
                $0 += 1
                return $0 == 3
            }
        }
        XCTAssertEqual(waits.withLock { $0 }, [2, 4, 8], "the first copy failed before: 2 s, then doubling")
        XCTAssertEqual(attempts.withLock { $0 }, 3, "tried until one succeeded, then no more")
        XCTAssertEqual(failed, 3, "the first copy and two retries failed")
    }
}
