import Bus
import FolioModel
import Synchronization
import TestSupport
import XCTest

/// The behaviour both transports share: request/reply, no responders, timeouts, queue groups and ordered
/// delivery. This class runs it on the in-process bus; `NATSBusTests` runs it again on NATS.
class BusTransportContract: XCTestCase {
    func makeTransport() async throws -> any BusTransport { InProcessBus() }

    func echoRouter() -> RPCRouter {
        RPCRouter([
            RPCMethod(
                "echo", summary: "returns its param", params: [RPCParam("value", .any)],
                result: RPCResultDescriptor("value", .any)
            ) { call in
                call.params["value"] ?? .null
            },
            RPCMethod(
                "sleep", summary: "waits", params: [RPCParam("ms", .integer)],
                result: RPCResultDescriptor("none", .null), execution: .detached
            ) { call in
                try await Task.sleep(for: .milliseconds(try call.int("ms")))
                return .null
            },
        ])
    }

    func subject(_ name: String) -> String { "test.\(name).\(RandomID.base32(count: 8))" }

    func testCallReturnsTheResult() async throws {
        let transport = try await makeTransport()
        let subject = subject("echo")
        let subscription = try await transport.serve(echoRouter(), subject: subject)
        let client = BusClient(transport: transport)
        let result = try await client.call(subject, "echo", ["value": ["nested": [1, 2.5, "x"]]])
        XCTAssertEqual(result, ["nested": [1, 2.5, "x"]])
        await subscription.cancel()
    }

    func testRemoteErrorIsThrownAsJSONRPCError() async throws {
        let transport = try await makeTransport()
        let subject = subject("errors")
        let subscription = try await transport.serve(echoRouter(), subject: subject)
        do {
            _ = try await BusClient(transport: transport).call(subject, "missing")
            XCTFail("expected Method not found")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32601)
        }
        await subscription.cancel()
    }

    func testNoRespondersIsItsOwnError() async throws {
        let transport = try await makeTransport()
        do {
            _ = try await transport.request(subject: subject("nobody"), payload: [1], timeout: .seconds(5))
            XCTFail("expected no responders")
        } catch {
            XCTAssertTrue(error.isNoResponders, "\(error)")
        }
    }

    func testNoRespondersNamesTheSubjectThatWasAsked() async throws {
        let transport = try await makeTransport()
        let asked = subject("nobody")
        do {
            _ = try await transport.request(subject: asked, payload: [1], timeout: .seconds(5))
            XCTFail("expected no responders")
        } catch {
            XCTAssertEqual(error.description, "no responders on \(asked)")
        }
    }

    func testSlowReplyTimesOut() async throws {
        let transport = try await makeTransport()
        let subject = subject("slow")
        let subscription = try await transport.subscribe(subject: subject, queueGroup: nil, delivery: .concurrent) {
            _ in
            try? await Task.sleep(for: .seconds(2))
            return .now([1])
        }
        do {
            _ = try await transport.request(subject: subject, payload: [1], timeout: .milliseconds(100))
            XCTFail("expected a timeout")
        } catch {
            XCTAssertTrue(error.isTimeout, "\(error)")
        }
        await subscription.cancel()
    }

    func testQueueGroupDeliversEachRequestToOneMember() async throws {
        let transport = try await makeTransport()
        let subject = subject("group")
        let counts = Mutex([0, 0])
        var subscriptions: [any BusSubscription] = []
        for member in 0..<2 {
            subscriptions.append(
                try await transport.subscribe(subject: subject, queueGroup: "workers", delivery: .concurrent) { _ in
                    counts.withLock { $0[member] += 1 }
                    return .now([UInt8(member)])
                })
        }
        for _ in 0..<40 { _ = try await transport.request(subject: subject, payload: [], timeout: .seconds(5)) }
        let (first, second) = counts.withLock { ($0[0], $0[1]) }
        XCTAssertEqual(first + second, 40, "every request reached exactly one member")
        for subscription in subscriptions { await subscription.cancel() }
    }

    func testSerialDeliveryKeepsOrderAndLetsDetachedCallsWait() async throws {
        let transport = try await makeTransport()
        let subject = subject("serial")
        let seen = Mutex<[Int64]>([])
        let router = RPCRouter([
            RPCMethod(
                "record", summary: "", params: [RPCParam("n", .integer)], result: RPCResultDescriptor("n", .integer)
            ) { call in
                let n = try call.int("n")
                seen.withLock { $0.append(n) }
                return .int(n)
            },
            RPCMethod("wait", summary: "", result: RPCResultDescriptor("none", .null), execution: .detached) { _ in
                try await Task.sleep(for: .seconds(1))
                return .null
            },
        ])
        let subscription = try await transport.serve(router, subject: subject, delivery: .serial)
        let client = BusClient(transport: transport)
        let waiter = Task { try await client.call(subject, "wait") }
        for n in 0..<20 { try await client.notify(subject, "record", ["n": .int(Int64(n))]) }
        _ = try await client.call(subject, "record", ["n": 20])
        XCTAssertEqual(seen.withLock { $0 }, Array(0...20), "inline calls ran in order while a detached call waited")
        _ = try await waiter.value
        await subscription.cancel()
    }

    func testCancelledSubscriptionStopsAnswering() async throws {
        let transport = try await makeTransport()
        let subject = subject("cancel")
        let subscription = try await transport.serve(echoRouter(), subject: subject)
        _ = try await BusClient(transport: transport).call(subject, "echo", ["value": 1])
        await subscription.cancel()
        do {
            _ = try await transport.request(subject: subject, payload: [], timeout: .seconds(2))
            XCTFail("expected no responders")
        } catch {
            XCTAssertTrue(error.isNoResponders || error.isTimeout, "\(error)")
        }
    }
}

final class NATSBusTests: BusTransportContract {
    override func makeTransport() async throws -> any BusTransport {
        try await NATSBus.connect(try TestEnvironment.nats(name: "bus-tests"))
    }

    func testCarriesOnAfterNatsServerRestarts() async throws {
        let transport = try await makeTransport()
        let subject = subject("restart")
        let subscription = try await transport.serve(echoRouter(), subject: subject)
        let client = BusClient(transport: transport, timeout: .seconds(2))
        let before = try await client.call(subject, "echo", ["value": "before"])
        XCTAssertEqual(before, "before")

        try await TestEnvironment.services("stop-nats")
        try await TestEnvironment.services("start-nats")

        var answer: JSONValue?
        for _ in 0..<50 where answer == nil {
            answer = try? await client.call(subject, "echo", ["value": "after"])
            if answer == nil { try await Task.sleep(for: .milliseconds(200)) }
        }
        XCTAssertEqual(answer, "after", "the same connection and subscription answer after the restart")
        await subscription.cancel()
    }
}
