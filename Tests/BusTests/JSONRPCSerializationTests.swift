import Bus
import FolioModel
import XCTest

/// Requests and responses are written straight to bytes; those bytes must be what their JSON serializes to, for
/// every shape a message takes.
final class JSONRPCSerializationTests: XCTestCase {
    private let ids: [JSONRPCID] = [.int(1), .int(-7), .number(.double(2.5)), .string("a\"b"), .null]
    private let values: [JSONValue] = [
        .null, true, 3, "text with \u{1} and é", [1, "two", ["three": 3]], ["b": 1, "a": [:], "c": ["x", nil]],
    ]

    func testARequestSerializesToTheBytesOfItsJSONWithOrWithoutIdAndParams() {
        for id in ids.map(Optional.some) + [nil] {
            for params in values.map(Optional.some) + [nil] {
                let request = JSONRPCRequest(method: "store.näxt", params: params, id: id)
                XCTAssertEqual(
                    String(decoding: request.serialized(), as: UTF8.self), request.json.jsonString, "\(request)")
            }
        }
    }

    func testAResponseSerializesToTheBytesOfItsJSONWithAResultOrAnError() {
        let errors: [JSONRPCError] = [
            .invalidRequest("no"), .internalError("boom"),
            .serverError(code: -32001, message: "m", data: ["type": "STORE_CLOSED"]),
        ]
        for id in ids {
            for outcome in values.map(Result<JSONValue, JSONRPCError>.success) + errors.map({ .failure($0) }) {
                let response = JSONRPCResponse(id: id, outcome: outcome)
                XCTAssertEqual(
                    String(decoding: response.serialized(), as: UTF8.self), response.json.jsonString, "\(response)")
            }
        }
    }

    func testABatchOfResponsesIsTheArrayOfTheirJSONAndASingleOneIsBare() throws {
        let responses = [
            JSONRPCResponse(id: .int(1), result: "a"), JSONRPCResponse(id: .string("2"), error: .invalidRequest("x")),
        ]
        let batch = try XCTUnwrap(JSONRPCCodec.encode(responses: responses, wasBatch: true))
        XCTAssertEqual(String(decoding: batch, as: UTF8.self), JSONValue.array(responses.map(\.json)).jsonString)
        let single = try XCTUnwrap(JSONRPCCodec.encode(responses: [responses[0]], wasBatch: false))
        XCTAssertEqual(String(decoding: single, as: UTF8.self), responses[0].json.jsonString)
        XCTAssertNil(JSONRPCCodec.encode(responses: [], wasBatch: true))
    }
}
