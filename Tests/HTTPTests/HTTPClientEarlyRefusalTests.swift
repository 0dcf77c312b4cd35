import Foundation
import HTTP
import XCTest

final class HTTPClientEarlyRefusalTests: XCTestCase {
    /// A server that refuses a large upload from its head alone (a 413 before the body) and closes: the client
    /// must not have sent the body meanwhile, or the close of a socket with unread data resets the connection
    /// and the client sees a send failure instead of the refusal.
    func testALargeBodyWaitsForTheServersAnswerToItsHeadAndGetsAnEarlyRefusal() async throws {
        let server = try RefusingServer(pauseBeforeReading: .milliseconds(500))
        let serving = Task.detached { try server.serveOne() }
        let client = HTTPClient()
        let response = try await client.send(
            HTTPClientRequest(
                method: "POST", url: "http://127.0.0.1:\(server.port)/upload",
                body: [UInt8](repeating: 65, count: 16 * 1024 * 1024)))
        XCTAssertEqual(response.status, 413)
        XCTAssertEqual(text(response.body), "too large")
        let head = try await serving.value
        XCTAssertTrue(head.lowercased().contains("expect: 100-continue"), head)
    }

    func testASmallBodyGoesOutWithItsHead() async throws {
        let server = try RefusingServer(pauseBeforeReading: .zero)
        let serving = Task.detached { try server.serveOne() }
        _ = try await HTTPClient().send(
            HTTPClientRequest(
                method: "POST", url: "http://127.0.0.1:\(server.port)/upload", body: Array("small".utf8)))
        let head = try await serving.value
        XCTAssertFalse(head.lowercased().contains("expect:"), head)
    }
}

/// Accepts one connection, waits, reads the request head only, answers 413 and closes.
private final class RefusingServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let pause: Duration

    init(pauseBeforeReading pause: Duration) throws {
        self.pause = pause
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else { throw RefusingServerFailure(step: "socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw RefusingServerFailure(step: "bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard named == 0 else { throw RefusingServerFailure(step: "getsockname") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(listener) }

    /// Returns the request head it read.
    func serveOne() throws -> String {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { throw RefusingServerFailure(step: "accept") }
        defer { close(connection) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            guard recv(connection, &byte, 1, 0) == 1 else { throw RefusingServerFailure(step: "recv") }
            head.append(byte)
        }
        let answer = Array("HTTP/1.1 413 Payload Too Large\r\nContent-Length: 9\r\nConnection: close\r\n\r\ntoo large".utf8)
        _ = answer.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        return text(head)
    }
}

private struct RefusingServerFailure: Error, CustomStringConvertible {
    let step: String
    var description: String { "\(step) failed: errno \(errno)" }
}
