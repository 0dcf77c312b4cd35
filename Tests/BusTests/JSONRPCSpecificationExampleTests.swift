import Bus
import FolioModel
import Foundation
import XCTest

/// Every example of section 7 of the JSON-RPC 2.0 specification, run through the router.
final class JSONRPCSpecificationExampleTests: XCTestCase {
    static let exampleMethods: [RPCMethod] = [
        RPCMethod(
            "subtract", summary: "minuend - subtrahend",
            params: [RPCParam("minuend", .number), RPCParam("subtrahend", .number)],
            result: RPCResultDescriptor("difference", .number)
        ) { call in
            .int(try call.int("minuend") - call.int("subtrahend"))
        },
        RPCMethod(
            "sum", summary: "sum of the values", params: [RPCParam("values", .array(.number), variadic: true)],
            result: RPCResultDescriptor("sum", .number)
        ) { call in
            .int((call.value("values")?.arrayValue ?? []).compactMap(\.intValue).reduce(0, +))
        },
        RPCMethod("get_data", summary: "fixed data", result: RPCResultDescriptor("data", .array(.any))) { _ in
            ["hello", 5]
        },
        RPCMethod(
            "update", summary: "notification", params: [RPCParam("values", .array(.number), variadic: true)],
            result: RPCResultDescriptor("none", .null)
        ) { _ in .null },
        RPCMethod(
            "notify_sum", summary: "notification", params: [RPCParam("values", .array(.number), variadic: true)],
            result: RPCResultDescriptor("none", .null)
        ) { _ in .null },
        RPCMethod(
            "notify_hello", summary: "notification", params: [RPCParam("values", .array(.number), variadic: true)],
            result: RPCResultDescriptor("none", .null)
        ) { _ in .null },
    ]

    struct Example: Decodable {
        let name: String
        let request: String
        let response: JSONValue?
    }

    func loadExamples() throws -> [Example] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "jsonrpc-2.0-examples", withExtension: "json", subdirectory: "Vectors"))
        let root = try JSONParser.parse(Array(try Data(contentsOf: url)))
        return try XCTUnwrap(root["examples"]).decode([Example].self)
    }

    /// The parts of a response the specification fixes: id, result, error code and message (data is ours).
    func essence(_ response: JSONValue) -> JSONValue {
        var members: JSONObject = ["jsonrpc": response["jsonrpc"] ?? .null, "id": response["id"] ?? .null]
        if let result = response["result"] { members["result"] = result }
        if let error = response["error"] {
            members["error"] = ["code": error["code"] ?? .null, "message": error["message"] ?? .null]
        }
        return .object(members)
    }

    func essenceSet(_ value: JSONValue?) -> [String] {
        switch value {
        case nil, .null?: return []
        case .array(let elements)?: return elements.map { essence($0).jsonString }.sorted()
        case let single?: return [essence(single).jsonString]
        }
    }

    func respond(_ router: RPCRouter, _ text: String) async throws -> JSONValue {
        let reply = await router.handle(payload: Array(text.utf8))
        return try JSONParser.parse(try XCTUnwrap(reply))
    }

    func testEveryExampleOfSection7() async throws {
        let router = RPCRouter(Self.exampleMethods)
        let examples = try loadExamples()
        XCTAssertEqual(examples.count, 15)
        for example in examples {
            let reply = await router.handle(payload: Array(example.request.utf8))
            let replyJSON = try reply.map { try JSONParser.parse($0) }
            if example.response == nil || example.response == .null {
                XCTAssertNil(reply, "\(example.name): expected no response")
                continue
            }
            let expected = try XCTUnwrap(example.response)
            if case .array = expected {
                guard case .array? = replyJSON else { return XCTFail("\(example.name): expected a batch response") }
            } else if case .array? = replyJSON {
                XCTFail("\(example.name): expected a single response")
            }
            XCTAssertEqual(essenceSet(replyJSON), essenceSet(expected), example.name)
        }
    }

    func testNumberAndNullIdsAreEchoedUnchanged() async throws {
        let router = RPCRouter(Self.exampleMethods)
        for id in ["7", "7.5", "null", "\"abc\""] {
            let reply = try await respond(router, #"{"jsonrpc":"2.0","method":"get_data","id":\#(id)}"#)
            XCTAssertEqual(reply["id"], try JSONParser.parse(id))
        }
    }

    func testMissingParamIsInvalidParams() async throws {
        let router = RPCRouter(Self.exampleMethods)
        let reply = try await respond(router, #"{"jsonrpc":"2.0","method":"subtract","params":[1],"id":1}"#)
        XCTAssertEqual(reply["error"]?["code"], -32602)
    }

    func testWrongParamTypeIsInvalidParams() async throws {
        let router = RPCRouter(Self.exampleMethods)
        let reply = try await respond(
            router, #"{"jsonrpc":"2.0","method":"subtract","params":{"minuend":"a","subtrahend":1},"id":1}"#)
        XCTAssertEqual(reply["error"]?["code"], -32602)
    }

    func testHandlerFailureIsInternalError() async throws {
        struct Broken: Error {}
        let router = RPCRouter([
            RPCMethod("broken", summary: "throws", result: RPCResultDescriptor("none", .null)) { _ in throw Broken() }
        ])
        let reply = try await respond(router, #"{"jsonrpc":"2.0","method":"broken","id":1}"#)
        XCTAssertEqual(reply["error"]?["code"], -32603)
    }

    func testServerErrorKeepsItsCodeAndTypedData() async throws {
        let router = RPCRouter([
            RPCMethod("closed", summary: "throws", result: RPCResultDescriptor("none", .null)) { _ in
                throw JSONRPCError.folio(.storeClosed)
            }
        ])
        let reply = try await respond(router, #"{"jsonrpc":"2.0","method":"closed","id":1}"#)
        XCTAssertEqual(reply["error"]?["code"], -32001)
        XCTAssertEqual(reply["error"]?["data"]?["type"], "STORE_CLOSED")
    }

    func testTooDeepJSONIsParseError() async throws {
        let router = RPCRouter(Self.exampleMethods, maxDepth: 8)
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let reply = try await respond(router, #"{"jsonrpc":"2.0","method":"sum","params":\#(deep),"id":1}"#)
        XCTAssertEqual(reply["error"]?["code"], -32700)
    }
}
