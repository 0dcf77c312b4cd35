import Bus
import FolioAPI
import FolioModel
import Foundation
import GatewayService
import HTTP
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// `POST /frames`: a preview frame's Y plane as the raw body, dispatched like `store.dispatch` of an
/// `ACT` `PREVIEW_FRAME` action through `POST /rpc`.
final class GatewayFrameTests: XCTestCase {
    /// A 3 × 2 Y plane whose base64 uses both `+` and `/`, so a URL-safe encoding would not match.
    private let plane: [UInt8] = [0xFB, 0xFF, 0xBF, 0x00, 0x01, 0x02]
    private let planeBase64 = "+/+/AAEC"

    private func query(_ harness: GatewayHarness, width: String = "3", height: String = "2") -> String {
        "storeId=\(harness.services.inquiryStore.rawValue)&width=\(width)&height=\(height)"
    }

    /// The params of the `store.dispatch` requests the Gateway sent on `subject`.
    private func dispatchParams(_ transport: RecordingTransport, subject: String) throws -> [JSONValue] {
        try transport.messages.filter { $0.subject == subject }.map { message in
            let request = try JSONParser.parse(message.payload)
            XCTAssertEqual(request["method"], "store.dispatch")
            return try XCTUnwrap(request["params"])
        }
    }

    func testFrameIsDispatchedOnTheBusExactlyLikeTheJSONFormOfTheSameAction() async throws {
        let transport = RecordingTransport()
        let harness = try await GatewayHarness(transport: transport)
        let storeID = harness.services.inquiryStore.rawValue
        let subject = "folio.inquiry.store.\(storeID)"
        let action: JSONValue = [
            "type": "ACT",
            "value": ["type": "PREVIEW_FRAME", "value": ["width": 3, "height": 2, "bytes": .string(planeBase64)]],
        ]

        let binary = try await harness.postFrame(plane, query: query(harness), token: FakeServices.goodToken)
        XCTAssertEqual(binary.status, 200)
        XCTAssertEqual(binary.headers["content-type"], "application/json")
        let answer = try JSONParser.parse(binary.body)
        XCTAssertEqual(answer["id"], .null)
        XCTAssertEqual(answer["result"]?["method"], "store.dispatch", "the result is the dispatch's own")

        let json = try await harness.call(
            "store.dispatch", ["storeId": .string(storeID), "action": action], token: FakeServices.goodToken)
        XCTAssertNil(json["error"])
        XCTAssertEqual(answer["result"], json["result"], "both forms get the same result")

        let sent = try dispatchParams(transport, subject: subject)
        XCTAssertEqual(sent.count, 2)
        XCTAssertEqual(sent.first, ["storeId": .string(storeID), "action": action, "runtimeId": "rt_a"])
        XCTAssertEqual(sent.first, sent.last, "the binary form sends the bus the same params as the JSON form")
        await harness.stop()
    }

    func testFrameOf1280x720IsSentAsItsWholeYPlaneInStandardBase64() async throws {
        let transport = RecordingTransport()
        let harness = try await GatewayHarness(transport: transport)
        let subject = BusSubjects.store(harness.services.inquiryStore)
        let frame = (0..<(1280 * 720)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let response = try await harness.postFrame(
            frame, query: query(harness, width: "1280", height: "720"), token: FakeServices.goodToken)
        XCTAssertEqual(response.status, 200)
        let sent = try XCTUnwrap(try dispatchParams(transport, subject: subject).first)
        let value = sent["action"]?["value"]?["value"]
        XCTAssertEqual(value?["width"], 1280)
        XCTAssertEqual(value?["height"], 720)
        XCTAssertEqual(value?["bytes"], .string(Data(frame).base64EncodedString()))
        await harness.stop()
    }

    func testFrameWithoutAValidBearerTokenIs401AndNeverReachesTheStore() async throws {
        let transport = RecordingTransport()
        let harness = try await GatewayHarness(transport: transport)
        let subject = BusSubjects.store(harness.services.inquiryStore)
        let missing = try await harness.postFrame(plane, query: query(harness))
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(errorCode(try JSONParser.parse(missing.body)), code(.unauthorized))
        let unknown = try await harness.postFrame(plane, query: query(harness), token: "not-a-token")
        XCTAssertEqual(unknown.status, 401)
        XCTAssertEqual(errorCode(try JSONParser.parse(unknown.body)), code(.unauthorized))
        let inQuery = try await harness.postFrame(
            plane, query: query(harness) + "&token=\(FakeServices.goodToken)")
        XCTAssertEqual(inQuery.status, 401, "like /rpc, the token is only taken from the Authorization header")
        XCTAssertFalse(transport.subjects.contains(subject))
        await harness.stop()
    }

    func testFrameWhoseBodyIsNotWidthTimesHeightBytesIs400NamingBoth() async throws {
        let harness = try await GatewayHarness()
        for body in [Array(plane.dropLast()), plane + [0], []] {
            let response = try await harness.postFrame(body, query: query(harness), token: FakeServices.goodToken)
            XCTAssertEqual(response.status, 400)
            let error = try JSONParser.parse(response.body)["error"]
            XCTAssertEqual(error?["code"], -32602)
            XCTAssertEqual(
                error?["data"],
                .string("the body holds \(body.count) bytes, but a Y plane of width 3 × height 2 holds 6"))
        }
        await harness.stop()
    }

    func testFrameWithMissingOrOutOfRangeWidthHeightOrStoreIDIs400() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.inquiryStore.rawValue
        let refused = [
            "storeId=\(storeID)&width=3", "storeId=\(storeID)&height=2", "width=3&height=2",
            "storeId=\(storeID)&width=0&height=2", "storeId=\(storeID)&width=3&height=8193",
            "storeId=\(storeID)&width=-3&height=2", "storeId=\(storeID)&width=%2B3&height=2",
            "storeId=\(storeID)&width=3.0&height=2", "storeId=\(storeID)&width=three&height=2",
            "storeId=\(storeID)&width=000003&height=2",
        ]
        for query in refused {
            let response = try await harness.postFrame(plane, query: query, token: FakeServices.goodToken)
            XCTAssertEqual(response.status, 400, query)
            XCTAssertEqual(errorCode(try JSONParser.parse(response.body)), -32602, query)
        }
        await harness.stop()
    }

    func testFrameWithAContentTypeOtherThanOctetStreamIs415() async throws {
        let harness = try await GatewayHarness()
        for contentType in ["application/json", "image/png", "text/plain", "application/octet-streams"] {
            let response = try await harness.postFrame(
                plane, query: query(harness), token: FakeServices.goodToken, contentType: contentType)
            XCTAssertEqual(response.status, 415, contentType)
            XCTAssertEqual(errorCode(try JSONParser.parse(response.body)), -32600, contentType)
        }
        let withParameter = try await harness.postFrame(
            plane, query: query(harness), token: FakeServices.goodToken,
            contentType: "Application/Octet-Stream; charset=binary")
        XCTAssertEqual(withParameter.status, 200, "the media type is compared without case and parameters")
        await harness.stop()
    }

    func testFrameToAnUnknownStoreIs404WithTheErrorTheJSONFormGets() async throws {
        let harness = try await GatewayHarness()
        let action: JSONValue = ["type": "ACT", "value": ["type": "NEXT"]]
        for storeID in ["bogus", "zzz_abcdefghijklmnopqrstuvwxyz"] {
            let binary = try await harness.postFrame(
                plane, query: "storeId=\(storeID)&width=3&height=2", token: FakeServices.goodToken)
            XCTAssertEqual(binary.status, 404, storeID)
            let json = try await harness.call(
                "store.dispatch", ["storeId": .string(storeID), "action": action], token: FakeServices.goodToken)
            XCTAssertEqual(try JSONParser.parse(binary.body)["error"], json["error"], storeID)
            XCTAssertEqual(errorCode(json), code(.unknownStore), storeID)
        }
        await harness.stop()
    }

    func testFrameToAStoreNobodyServesGetsTheErrorOfTheJSONFormsAdoptionAttempt() async throws {
        let harness = try await GatewayHarness()
        let unserved = StoreID.generate(for: .inquiry).rawValue
        let binary = try await harness.postFrame(
            plane, query: "storeId=\(unserved)&width=3&height=2", token: FakeServices.goodToken)
        let json = try await harness.call(
            "store.dispatch", ["storeId": .string(unserved), "action": ["type": "CLOSE"]], token: FakeServices.goodToken
        )
        XCTAssertNotNil(json["error"])
        XCTAssertEqual(try JSONParser.parse(binary.body)["error"], json["error"])
        XCTAssertEqual(
            binary.status, 502, "the fake inquiry service has no store.adopt: -32601 is not the client's fault")
        await harness.stop()
    }

    func testFramesRouteAnswers405ToGETWithAllowPOST() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.get("/frames?" + query(harness))
        XCTAssertEqual(response.status, 405)
        XCTAssertEqual(response.headers["allow"], "POST")
        await harness.stop()
    }

    func testFrameBodyIsBoundByItsOwnLimitNotByTheRPCBodyLimit() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.maxBodyBytes = 1000
        let harness = try await GatewayHarness(configuration: configuration)
        let frame = [UInt8](repeating: 7, count: 40 * 30)
        let response = try await harness.postFrame(
            frame, query: query(harness, width: "40", height: "30"), token: FakeServices.goodToken)
        XCTAssertEqual(response.status, 200, "1200 bytes are over FOLIO_GATEWAY_MAX_BODY_BYTES but fit a frame")
        await harness.stop()
    }

    func testFrameDeclaringMoreThan64MiBIs413BeforeItsBodyIsSent() async throws {
        let harness = try await GatewayHarness()
        let port = harness.gateway.port
        let head = try await Task.detached {
            try sendHeadOnly(
                port: port,
                "POST /frames?width=8192&height=8193 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Authorization: Bearer \(FakeServices.goodToken)\r\n"
                    + "Content-Type: application/octet-stream\r\nContent-Length: \(64 * 1024 * 1024 + 1)\r\n\r\n")
        }.value
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 413"), head)
        XCTAssertTrue(head.contains("PAYLOAD_TOO_LARGE"), head)
        await harness.stop()
    }

    func testFramesAreRateLimitedAndCountedAsStoreDispatchInTheMetrics() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.rateLimit = 0.001
        configuration.rateBurst = 2
        let harness = try await GatewayHarness(configuration: configuration)
        let first = try await harness.postFrame(plane, query: query(harness), token: FakeServices.goodToken)
        XCTAssertEqual(first.status, 200)
        let second = try await harness.postFrame([0], query: query(harness), token: FakeServices.goodToken)
        XCTAssertEqual(second.status, 400)
        let third = try await harness.postFrame(plane, query: query(harness), token: FakeServices.goodToken)
        XCTAssertEqual(third.status, 429, "the token's bucket of 2 is shared with every other route")
        XCTAssertEqual(errorCode(try JSONParser.parse(third.body)), code(.rateLimited))
        XCTAssertNotNil(third.headers["retry-after"])
        XCTAssertEqual(harness.gateway.metrics.calls(method: "store.dispatch", outcome: "ok"), 1)
        XCTAssertEqual(harness.gateway.metrics.calls(method: "store.dispatch", outcome: "invalid_params"), 1)
        let metrics = text(try await harness.get("/metrics").body)
        XCTAssertTrue(metrics.contains("folio_gateway_rate_limited_total 1\n"), metrics)
        XCTAssertTrue(metrics.contains("folio_gateway_request_duration_seconds_count 3\n"), metrics)
        await harness.stop()
    }
}

/// Sends a request head without its body over a plain socket and returns what the server answers before
/// it closes the connection.
private func sendHeadOnly(port: UInt16, _ head: String) throws -> String {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw SocketFailure(step: "socket") }
    defer { close(socketFD) }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw SocketFailure(step: "connect") }
    let bytes = Array(head.utf8)
    let sent = bytes.withUnsafeBytes { send(socketFD, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == bytes.count else { throw SocketFailure(step: "send") }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(socketFD, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        received.append(contentsOf: buffer[..<count])
    }
    return text(received)
}

private struct SocketFailure: Error, CustomStringConvertible {
    let step: String
    var description: String { "\(step) failed: errno \(errno)" }
}
