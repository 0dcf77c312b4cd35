import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy on 127.0.0.1 in front of PostgreSQL that can break the connection of one transaction at its
/// COMMIT, as a server shutting down or a network dropping does: the client then cannot tell whether the
/// transaction committed. It reads the frontend/backend protocol's message framing (no TLS: connect with
/// `sslmode=disable`) and finds the COMMIT among the Parse and Bind messages of the extended protocol.
public final class CommitCuttingProxy: @unchecked Sendable {
    /// Where the cut falls.
    public enum Cut: Sendable {
        /// COMMIT reaches the server and commits; the connection closes before its answer reaches the client.
        case afterCommitAnswered
        /// The connection closes before COMMIT reaches the server, which rolls the transaction back.
        case beforeCommitSent
    }

    public let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let lock = NSLock()
    private var armed: Cut?
    private var cuts = 0
    private var sockets: Set<Int32> = []
    private var closed = false

    /// Listens on a free loopback port and forwards each connection to `upstreamPort` on 127.0.0.1.
    public init(upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError(operation: "socket") }
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw ProxyError(operation: "bind/listen")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: actual.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// The next COMMIT through the proxy, on any connection, is cut this way; later ones pass.
    public func cutNextCommit(_ cut: Cut) { lock.withLock { armed = cut } }

    /// How many COMMITs were cut so far.
    public var cutCount: Int { lock.withLock { cuts } }

    /// Stops listening and closes every forwarded connection.
    public func stop() {
        let open: Set<Int32> = lock.withLock {
            guard !closed else { return [] }
            closed = true
            return sockets
        }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// A libpq URL through the proxy, from one that names PostgreSQL directly.
    public static func url(_ databaseURL: String, throughPort port: UInt16) throws -> (url: String, upstream: UInt16) {
        guard var components = URLComponents(string: databaseURL), let upstream = components.port,
            let upstreamPort = UInt16(exactly: upstream)
        else { throw ProxyError(operation: "read the port of \(databaseURL)") }
        components.port = Int(port)
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: "sslmode", value: "disable"))
        items.append(URLQueryItem(name: "gssencmode", value: "disable"))
        components.queryItems = items
        guard let url = components.string else { throw ProxyError(operation: "write a URL") }
        return (url, upstreamPort)
    }

    public struct ProxyError: Error, CustomStringConvertible {
        public let operation: String
        public var description: String { "the proxy could not \(operation) (errno \(errno))" }
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: upstreamPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard connected == 0, register([client, server]) else {
                close(client)
                close(server)
                continue
            }
            let connection = ProxiedConnection(client: client, server: server, proxy: self)
            Thread.detachNewThread { connection.pumpFromClient() }
            Thread.detachNewThread { connection.pumpFromServer() }
        }
    }

    private func register(_ fds: [Int32]) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            sockets.formUnion(fds)
            return true
        }
    }

    fileprivate func takeArmedCut() -> Cut? {
        lock.withLock {
            defer { armed = nil }
            if armed != nil { cuts += 1 }
            return armed
        }
    }

    fileprivate func forget(_ fds: [Int32]) { lock.withLock { sockets.subtract(fds) } }
}

/// One client's connection and its upstream, pumped by two threads that read whole protocol messages.
private final class ProxiedConnection: @unchecked Sendable {
    let client: Int32
    let server: Int32
    let proxy: CommitCuttingProxy
    private let lock = NSLock()
    private var commitStatements: Set<String> = []
    private var answerToDrop = false
    private var ended = false

    init(client: Int32, server: Int32, proxy: CommitCuttingProxy) {
        self.client = client
        self.server = server
        self.proxy = proxy
    }

    func pumpFromClient() {
        // The startup packet has no type byte; everything after it has one.
        guard let startup = readUntyped(client), write(server, startup) else { return end() }
        while let message = readTyped(client) {
            if isCommit(message), let cut = proxy.takeArmedCut() {
                switch cut {
                case .beforeCommitSent:
                    return end()
                case .afterCommitAnswered:
                    lock.withLock { answerToDrop = true }
                }
            }
            guard write(server, message) else { break }
        }
        end()
    }

    func pumpFromServer() {
        while let message = readTyped(server) {
            if lock.withLock({ answerToDrop }) {
                // The server's answer to the COMMIT: once it is ready for the next query, the commit happened.
                if message.first == UInt8(ascii: "Z") { return end() }
                continue
            }
            guard write(client, message) else { break }
        }
        end()
    }

    /// A Parse of COMMIT (its statement name remembered), or a Bind of a statement parsed as COMMIT.
    private func isCommit(_ message: [UInt8]) -> Bool {
        guard let type = message.first else { return false }
        let strings = Self.cStrings(in: message.dropFirst(5), count: 2)
        switch type {
        case UInt8(ascii: "P") where strings.count == 2:
            guard strings[1].trimmingCharacters(in: .whitespaces).uppercased() == "COMMIT" else { return false }
            lock.withLock { _ = commitStatements.insert(strings[0]) }
            return strings[0].isEmpty
        case UInt8(ascii: "B") where strings.count == 2:
            return lock.withLock { commitStatements.contains(strings[1]) }
        case UInt8(ascii: "Q"):
            return strings.first?.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix("COMMIT") == true
        default:
            return false
        }
    }

    private static func cStrings(in bytes: ArraySlice<UInt8>, count: Int) -> [String] {
        var strings: [String] = []
        var start = bytes.startIndex
        while strings.count < count, let end = bytes[start...].firstIndex(of: 0) {
            strings.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        return strings
    }

    private func end() {
        let first = lock.withLock {
            defer { ended = true }
            return !ended
        }
        guard first else { return }
        shutdown(client, Int32(SHUT_RDWR))
        shutdown(server, Int32(SHUT_RDWR))
        proxy.forget([client, server])
        // Both pumps have returned or will return on the shut-down sockets; closing is left to the last.
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { [client, server] in
            close(client)
            close(server)
        }
    }

    private func readTyped(_ fd: Int32) -> [UInt8]? {
        guard let header = readExactly(fd, 5) else { return nil }
        let length = Int(header[1]) << 24 | Int(header[2]) << 16 | Int(header[3]) << 8 | Int(header[4])
        guard length >= 4, let body = readExactly(fd, length - 4) else { return nil }
        return header + body
    }

    private func readUntyped(_ fd: Int32) -> [UInt8]? {
        guard let header = readExactly(fd, 4) else { return nil }
        let length = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        guard length >= 4, let body = readExactly(fd, length - 4) else { return nil }
        return header + body
    }

    private func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { recv(fd, $0 + filled, count - filled, 0) } ?? -1
            }
            if got <= 0 { return nil }
            filled += got
        }
        return bytes
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { send(fd, $0 + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) } ?? -1
            }
            if wrote <= 0 { return false }
            sent += wrote
        }
        return true
    }
}
