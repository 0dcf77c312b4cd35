import Synchronization
import VaultService
import XCTest

/// The vault's network status (spec "VaultWrite": folder changes need a connection; "Sync": when the network
/// comes back): unknown until the first probe, offline after two failed probes in a row, online again on
/// the first answer.
final class NetworkMonitorTests: XCTestCase {
    func testOneSlowAnswerDoesNotMakeTheVaultOffline() async {
        let answers = Mutex<[Bool]>([true, false, true, false, false, true])
        let monitor = NetworkMonitor { answers.withLock { $0.removeFirst() } }
        let seen = Mutex<[NetworkStatus]>([])
        let initial = await monitor.observe { status in
            seen.withLock { $0.append(status) }
            return true
        }
        XCTAssertEqual(initial, .unknown, "the status cannot be read before the first probe")
        var statuses: [NetworkStatus] = []
        for _ in 0..<6 {
            await monitor.check()
            statuses.append(await monitor.status)
        }
        XCTAssertEqual(statuses, [.online, .online, .online, .online, .offline, .online])
        XCTAssertEqual(seen.withLock { $0 }, [.online, .offline, .online], "observers hear each change once")
    }

    func testAFirstProbeThatFailsIsOffline() async {
        let monitor = NetworkMonitor { false }
        await monitor.check()
        let status = await monitor.status
        XCTAssertEqual(status, .offline)
    }
}
