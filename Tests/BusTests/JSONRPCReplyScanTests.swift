import Bus
import FolioModel
import XCTest

final class JSONRPCReplyScanTests: XCTestCase {
    private func scan(_ text: String, expecting id: JSONRPCID = .int(7)) throws -> JSONRPCReply {
        try JSONRPCReply.scan(Array(text.utf8), expecting: id)
    }

    private func result(_ reply: JSONRPCReply) throws -> String {
        String(decoding: try reply.outcome.get().bytes, as: UTF8.self)
    }

    func testKeepsTheResultAsItsBytes() throws {
        let reply = try scan(#"{"id":7,"jsonrpc":"2.0","result":{"b":[1, "]}\"" ],"a":{"c":"\u00e9"}}}"#)
        XCTAssertEqual(reply.id, .int(7))
        XCTAssertEqual(try result(reply), #"{"b":[1, "]}\"" ],"a":{"c":"\u00e9"}}"#)
    }

    func testMembersMayComeInAnyOrderWithBlanks() throws {
        let reply = try scan(" {\n \"result\" : null , \"jsonrpc\":\"2.0\",\"id\": \"x\" }\n", expecting: .string("x"))
        XCTAssertEqual(try result(reply), "null")
        XCTAssertEqual(reply.id, .string("x"))
    }

    func testWritesWhatTheParsedResponseSerializesTo() throws {
        let text = #"{"id":"a\"b","jsonrpc":"2.0","result":{"list":[1,2.5,"x"],"z":null}}"#
        let reply = try scan(text, expecting: .string("a\"b"))
        var written: [UInt8] = []
        reply.write(to: &written)
        let parsed = try XCTUnwrap(JSONRPCResponse.decode(try JSONParser.parse(text)))
        XCTAssertEqual(written, parsed.json.serialized())
        let failure = JSONRPCReply(id: .int(3), error: .invalidParams("no"))
        written = []
        failure.write(to: &written)
        XCTAssertEqual(written, JSONRPCResponse(id: .int(3), error: .invalidParams("no")).json.serialized())
    }

    func testEncodesRepliesAsResponsesEncode() throws {
        let responses = [
            JSONRPCResponse(id: .int(1), result: ["a": [true]]), JSONRPCResponse(id: .null, error: .parseError()),
        ]
        for wasBatch in [true, false] {
            XCTAssertEqual(
                JSONRPCCodec.encode(replies: responses.map(JSONRPCReply.init), wasBatch: wasBatch),
                JSONRPCCodec.encode(responses: responses, wasBatch: wasBatch))
        }
        XCTAssertNil(JSONRPCCodec.encode(replies: [], wasBatch: true))
    }

    func testReadsAnError() throws {
        let reply = try scan(#"{"jsonrpc":"2.0","id":7,"error":{"code":-32010,"message":"gone","data":{"x":1}}}"#)
        XCTAssertEqual(reply.error, JSONRPCError(code: -32010, message: "gone", data: ["x": 1]))
    }

    func testAnErrorWithANullIdAnswersTheRequest() throws {
        let reply = try scan(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}"#)
        XCTAssertEqual(reply.id, .int(7))
        XCTAssertEqual(reply.error?.code, -32700)
    }

    func testIdsCompareAsTheySerialize() throws {
        XCTAssertEqual(
            try scan(#"{"jsonrpc":"2.0","id":1,"result":0}"#, expecting: .number(.double(1))).id, .number(.double(1)))
    }

    func testRefusesAnotherId() {
        for text in [
            #"{"jsonrpc":"2.0","id":8,"result":1}"#, #"{"jsonrpc":"2.0","id":"7","result":1}"#,
            #"{"jsonrpc":"2.0","id":null,"result":1}"#, #"{"jsonrpc":"2.0","id":8,"error":{"code":1,"message":"m"}}"#,
        ] {
            XCTAssertThrowsError(try scan(text), text) { error in
                XCTAssertTrue((error as? JSONRPCReplyError)?.description.contains("id") ?? false, "\(error)")
            }
        }
    }

    func testRefusesBrokenEnvelopes() {
        let cases: [(String, String)] = [
            (#"{"id":7,"result":1}"#, "jsonrpc"),
            (#"{"jsonrpc":"1.0","id":7,"result":1}"#, "jsonrpc"),
            (#"{"jsonrpc":2.0,"id":7,"result":1}"#, "jsonrpc"),
            (#"{"jsonrpc":"2.0","result":1}"#, "id"),
            (#"{"jsonrpc":"2.0","id":[7],"result":1}"#, "id"),
            (#"{"jsonrpc":"2.0","id":7}"#, "neither"),
            (#"{"jsonrpc":"2.0","id":7,"result":1,"error":{"code":1,"message":"m"}}"#, "both"),
            (#"{"jsonrpc":"2.0","id":7,"result":1,"result":2}"#, "twice"),
            (#"{"jsonrpc":"2.0","id":7,"error":{"code":"x","message":"m"}}"#, "error"),
            (#"{"jsonrpc":"2.0","id":7,"error":5}"#, "error"),
            (#"[{"jsonrpc":"2.0","id":7,"result":1}]"#, "expected an object"),
            (#"{"jsonrpc":"2.0","id":7,"result":[1,}"#, "byte 36"),
            (#"{"jsonrpc":"2.0","id":7,"result":"\ud800"}"#, "surrogate"),
            ("", "expected an object"),
        ]
        for (text, hint) in cases {
            XCTAssertThrowsError(try scan(text), text) { error in
                let description = (error as? JSONRPCReplyError)?.description ?? ""
                XCTAssertTrue(description.contains(hint), "\(text): \(description)")
            }
        }
    }

    func testNoInputCrashesTheScan() {
        var state: UInt64 = 42
        let pieces = Array(#"{}[]":,"jsonrpc""2.0""id""result""error"7 null"\""\u"#.utf8) + [0xFF, 0x00]
        for length in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<(length % 60) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(pieces[Int(state >> 33) % pieces.count])
            }
            _ = try? JSONRPCReply.scan(bytes, expecting: .int(7))
        }
    }
}
