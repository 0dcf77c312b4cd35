import Bus
import FolioModel
import WireModel
import XCTest

@testable import InquiryService

/// The identity save's calls of the VaultService, against a bus that answers what the vault would.
final class VaultIdentityRecordsTests: XCTestCase {
    /// A bus whose every request gets `answer` as the JSON-RPC response.
    private struct AnsweringBus: BusTransport {
        let answer: JSONValue

        func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8] {
            var response: JSONObject = ["jsonrpc": "2.0", "id": 1]
            for (key, value) in answer.objectValue ?? [:] { response[key] = value }
            return JSONValue.object(response).serialized()
        }

        func publish(subject: String, payload: [UInt8]) async throws(BusError) {}

        func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
            async throws(BusError) -> any BusSubscription
        {
            throw .closed
        }
    }

    private func records(_ answer: JSONValue) -> VaultIdentityRecords {
        VaultIdentityRecords(bus: BusClient(transport: AnsweringBus(answer: answer)))
    }

    func testASessionWithoutAVaultIsInvalidStateAndSavesNothing() async {
        let noVault: JSONValue = [
            "error": [
                "code": -32002, "message": "Runtime shut down",
                "data": ["type": "RUNTIME_SHUT_DOWN", "reason": "NO_VAULT", "value": ["detail": "no vault"]],
            ]
        ]
        do {
            _ = try await records(noVault).record(runtimeID: "rt_1", fingerprint: "X|1990-01-01")
            XCTFail("a session without a vault has no record to look up")
        } catch {
            XCTAssertEqual(error, .invalidState(message: "the session holds no vault to save the identity in"))
        }
    }

    func testTheRecordSavedBeforeForTheDocumentIsReadWithItsBody() async throws {
        let found = try await records([
            "result": [
                "record": [
                    "recordId": "D_1",
                    "content": ["schema": "identity", "version": 1, "payload": #"{"identities":[]}"#],
                ]
            ]
        ]).record(runtimeID: "rt_1", fingerprint: "X|1990-01-01")
        XCTAssertEqual(found?.recordId, "D_1")
        XCTAssertEqual(found?.content, RecordContent(schema: "identity", version: 1, payload: #"{"identities":[]}"#))
        let none = try await records(["result": ["record": .null]]).record(runtimeID: "rt_1", fingerprint: "X")
        XCTAssertNil(none)
    }
}
