import Foundation
import Postgres
import XCTest

final class PostgresNotifyTests: XCTestCase {
    func testListenDeliversThePayload() async throws {
        try await TestDatabase.withPool { pool in
            let channel = TestDatabase.uniqueName("chan")
            let notifications = try await pool.listen(channel)
            let collector = NotificationCollector()
            await collector.start(notifications)
            try await pool.notify(channel: channel, payload: "hello 'world' ✓")
            let received = await collector.first { $0.payload == "hello 'world' ✓" }
            XCTAssertEqual(received?.channel, channel)
            notifications.cancel()
            let ended = await collector.waitForEnd()
            XCTAssertTrue(ended, "cancel() must end the sequence")
        }
    }

    func testNotificationsOfOtherChannelsAreNotDelivered() async throws {
        try await TestDatabase.withPool { pool in
            let channel = TestDatabase.uniqueName("chan")
            let other = TestDatabase.uniqueName("chan")
            let notifications = try await pool.listen(channel)
            let collector = NotificationCollector()
            await collector.start(notifications)
            try await pool.notify(channel: other, payload: "not for us")
            try await pool.notify(channel: channel, payload: "for us")
            _ = await collector.first { $0.payload == "for us" }
            // NOTIFYs from one session arrive in order, so "not for us" would have come first.
            let payloads = await collector.received.map(\.payload)
            XCTAssertEqual(payloads, ["for us"])
        }
    }

    func testTheListeningThreadIsNamedForItsChannel() async throws {
        try await TestDatabase.withPool { pool in
            let channel = TestDatabase.uniqueName("chan")
            let notifications = try await pool.listen(channel)
            let expected = String(decoding: Array("listen:\(channel)".utf8.prefix(15)), as: UTF8.self)
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            let names = tasks.map { task in
                ((try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "")
                    .trimmingCharacters(in: .newlines)
            }
            XCTAssertEqual(names.filter { $0 == expected }.count, 1, "one thread named \(expected)")
            notifications.cancel()
        }
    }

    func testClosingThePoolEndsTheSequence() async throws {
        let pool = PostgresPool(url: try TestDatabase.url(), size: 1)
        let notifications = try await pool.listen(TestDatabase.uniqueName("chan"))
        let collector = NotificationCollector()
        await collector.start(notifications)
        await pool.close()
        let ended = await collector.waitForEnd()
        XCTAssertTrue(ended)
    }

    func testInvalidChannelNamesAreRejected() async throws {
        try await TestDatabase.withPool { pool in
            for name in [
                "", "bad; DROP TABLE x", "has\"quote", "1starts_with_digit",
                String(repeating: "a", count: 64),
            ] {
                let listenError = await assertPostgresError { try await pool.listen(name) }
                XCTAssertEqual(listenError?.sqlState, "42602", name)
                let notifyError = await assertPostgresError {
                    try await pool.notify(channel: name, payload: "x")
                }
                XCTAssertEqual(notifyError?.sqlState, "42602", name)
            }
        }
    }
}
