import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Free TCP ports on 127.0.0.1 for the servers that tests start as processes.
///
/// A port is never handed out twice in one test process, which binding port 0 alone does not promise; and it is
/// taken below the kernel's ephemeral range when there is room there, so that neither an outgoing connection nor
/// another bind to port 0 takes it before its server listens.
public enum FreePort {
    public struct NoneFree: Error, CustomStringConvertible {
        public var description: String { "no free TCP port on 127.0.0.1" }
    }

    private static let handedOut = Mutex<Set<UInt16>>([])

    /// The fixed ports of other runs: scripts/services.sh's defaults and the Swift tests' services.
    private static let reserved: [ClosedRange<UInt16>] = [54500...54599, 55500...55599]

    /// A port that was free a moment ago and that this process has not handed out before.
    public static func take() throws -> UInt16 {
        let candidates = portsBelowEphemeralRange()
        for _ in 0..<1000 {
            guard let port = bound(candidates?.randomElement() ?? 0) else { continue }
            if reserved.contains(where: { $0.contains(port) }) { continue }
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw NoneFree()
    }

    /// 20000 up to the kernel's ephemeral range, or nil when that leaves fewer than 4096 ports.
    static func portsBelowEphemeralRange() -> Range<UInt16>? {
        let low =
            (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))
            .flatMap { $0.split(whereSeparator: \.isWhitespace).first }
            .flatMap { UInt16($0) } ?? 32768
        return low >= 20000 + 4096 ? 20000..<low : nil
    }

    /// The port bound when binding `port` (0: the kernel's choice) succeeds, then released.
    private static func bound(_ port: UInt16) -> UInt16? {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return nil }
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socketFD, pointer, length) == 0 && getsockname(socketFD, pointer, &length) == 0
            }
        }
        return bound ? UInt16(bigEndian: address.sin_port) : nil
    }
}
