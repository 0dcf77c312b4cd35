import Foundation
import HTTP

/// Starts a server on an ephemeral port. Tests call `shutdown()` at the end; if a test throws first, the
/// server's deinit stops it.
func startServer(
    _ configuration: HTTPServer.Configuration = .init(),
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
) throws -> HTTPServer {
    let server = HTTPServer(configuration: configuration, handler: handler)
    try server.start()
    return server
}

func url(_ server: HTTPServer, _ path: String) -> String {
    "http://127.0.0.1:\(server.port)\(path)"
}

func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// Runs blocking test code (raw sockets) on its own thread, away from the cooperative pool the server needs.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A one-shot signal between a handler and the test.
final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func fire() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns once fired (or immediately if it already was).
    func wait() async {
        for await _ in stream { return }
    }
}

/// A counter shared between concurrent handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    @discardableResult
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }

    var current: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

struct SocketError: Error, CustomStringConvertible {
    let description: String
}

/// A plain blocking TCP client, for reading a streamed response as it arrives and for hanging up mid-way.
final class RawHTTPConnection: @unchecked Sendable {
    private let fd: Int32
    private var received: [UInt8] = []

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SocketError(description: "socket failed") }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw SocketError(description: "connect failed: \(errno)")
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw SocketError(description: "send failed: \(errno)") }
            offset += sent
        }
    }

    /// Reads until `marker` has been received; returns everything received so far.
    func read(until marker: String) throws -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !text(received).contains(marker) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                throw SocketError(
                    description: "connection ended before \(marker.debugDescription): \(text(received))")
            }
            received.append(contentsOf: buffer[..<count])
        }
        return text(received)
    }

    /// Hangs up abruptly.
    func close() {
        shutdown(fd, Int32(SHUT_RDWR))
    }
}
