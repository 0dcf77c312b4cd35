import Bus
import FolioModel
import Foundation
import TestSupport
import XCTest

/// A vault model bigger than nats-server's `max_payload` (docs/vault-store.md) cannot travel as a reply. The
/// responder must then answer with a small error at once, not drop the reply and leave the caller waiting for
/// its timeout (BUS_TIMEOUT). Runs on the real nats-server of the test run, whatever its limit.
final class VaultBusReplyLimitTests: XCTestCase {
    private func subject() -> String { "test.vault-reply-limit.\(RandomID.base32(count: 8))" }

    /// A `store.state` whose model is `extra` bytes over the server's limit.
    private func oversizedState(limit: Int, extra: Int) -> RPCRouter {
        RPCRouter([
            RPCMethod(
                "store.state", summary: "an oversized vault model", params: [],
                result: RPCResultDescriptor("model", .any)
            ) { _ in
                ["version": 1, "model": ["records": [.string(String(repeating: "x", count: limit + extra))]]]
            },
            RPCMethod(
                "store.ping", summary: "a small answer", params: [], result: RPCResultDescriptor("pong", .any)
            ) { _ in "pong" },
        ])
    }

    /// The responder's subscription travels on its own connection, so the caller's first request can reach the
    /// server before it: wait until the subject answers.
    private func waitForResponder(_ subject: String, caller: NATSBus) async throws {
        let client = BusClient(transport: caller, timeout: .seconds(2))
        for _ in 0..<100 {
            if (try? await client.call(subject, "store.ping")) == "pong" { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("\(subject) never answered")
    }

    func testAReplyOverTheBusLimitAnswersPayloadTooLargeAtOnceInsteadOfTimingOut() async throws {
        let server = try await NATSBus.connect(try TestEnvironment.nats(name: "vault-limit-server"))
        let caller = try await NATSBus.connect(try TestEnvironment.nats(name: "vault-limit-caller"))
        let limit = server.maxPayload
        XCTAssertGreaterThan(limit, 0, "the server announces its max_payload")
        let subject = subject()
        let subscription = try await server.serve(oversizedState(limit: limit, extra: 1), subject: subject)
        defer { Task { await subscription.cancel() } }
        try await waitForResponder(subject, caller: caller)

        let client = BusClient(transport: caller, timeout: .seconds(10))
        let started = ContinuousClock.now
        do {
            _ = try await client.call(subject, "store.state")
            XCTFail("a reply over the limit cannot arrive")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .payloadTooLarge, "\(error)")
            let detail = try XCTUnwrap(error.data?["value"]?["detail"]?.stringValue, "\(error)")
            XCTAssertTrue(detail.hasPrefix("reply of "), detail)
            XCTAssertTrue(detail.hasSuffix("exceeds the bus limit of \(limit) bytes"), detail)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(3), "answered at once, not after the timeout")

        // The responder carries on: a small reply on the same subscription still arrives.
        let pong = try await client.call(subject, "store.ping")
        XCTAssertEqual(pong, "pong")
    }

    func testABatchOverTheBusLimitAnswersEveryRequestOfItWithTheError() async throws {
        let server = try await NATSBus.connect(try TestEnvironment.nats(name: "vault-limit-server"))
        let caller = try await NATSBus.connect(try TestEnvironment.nats(name: "vault-limit-caller"))
        let subject = subject()
        let subscription = try await server.serve(
            oversizedState(limit: server.maxPayload, extra: 1), subject: subject)
        defer { Task { await subscription.cancel() } }
        try await waitForResponder(subject, caller: caller)

        let batch: JSONValue = [
            ["jsonrpc": "2.0", "method": "store.state", "id": 7],
            ["jsonrpc": "2.0", "method": "store.ping", "id": "p"],
            ["jsonrpc": "2.0", "method": "store.ping"],
        ]
        let reply = try await caller.request(subject: subject, payload: batch.serialized(), timeout: .seconds(10))
        let responses = try XCTUnwrap(try JSONParser.parse(reply).arrayValue)
        XCTAssertEqual(
            responses.map { $0["id"] }, [7, "p"], "one error per request with an id, none for a notification")
        for response in responses {
            XCTAssertEqual(response["error"]?["code"], .int(Int64(FolioErrorCode.payloadTooLarge.rawValue)))
        }
    }
}
