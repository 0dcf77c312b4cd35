import Bus
import Foundation
import TestSupport

/// A nats-server of one test, on a port of its own, with the stack's users and permissions as
/// `scripts/nats-users.sh` writes them and, when asked, TLS with a certificate `scripts/nats-tls.sh` makes.
final class PrivateNATSServer {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    let directory: URL
    let port: Int
    let tls: Bool
    private let process: ChildProcess

    init(tls: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-nats-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.tls = tls
        try Self.run("scripts/nats-users.sh", [directory.appendingPathComponent("users").path])
        var config = "include ./users/auth.conf\n"
        if tls {
            let certificates = directory.appendingPathComponent("tls").path
            try Self.run("scripts/nats-tls.sh", [certificates])
            // File paths in tls {} are read from the server's working directory, not the config's folder.
            config +=
                "tls {\n  cert_file: \"\(certificates)/server.pem\"\n  key_file: \"\(certificates)/server-key.pem\"\n}\n"
        }
        let configFile = directory.appendingPathComponent("nats.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        port = Int(try FreePort.take())
        process = try ChildProcess(
            executable: "/usr/sbin/nats-server",
            arguments: ["-c", configFile.path, "-a", "127.0.0.1", "-p", String(port)],
            environment: ProcessInfo.processInfo.environment)
        try waitUntilListening()
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    var url: String { "nats://127.0.0.1:\(port)" }

    /// The CA that signed the server's certificate (with `tls`).
    var caFile: String { directory.appendingPathComponent("tls/ca.pem").path }

    func password(of user: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("users/\(user).password"), encoding: .utf8)
    }

    /// The configuration of a connection as `user` (nil: no credentials), over TLS trusting `caFile` when given.
    func configuration(user: String?, caFile: String? = nil) throws -> NATSBus.Configuration {
        var access = NATSAccess()
        if let user {
            access.user = user
            access.password = try password(of: user)
        }
        access.tls = caFile.map { NATSTLS(caFile: $0) }
        return NATSBus.Configuration(
            url: url, name: "private-\(user ?? "anonymous")", connectTimeout: .seconds(2), access: access)
    }

    func connect(as user: String) async throws -> NATSBus {
        try await NATSBus.connect(configuration(user: user, caFile: tls ? caFile : nil))
    }

    private func waitUntilListening() throws {
        for _ in 0..<100 {
            if Self.canConnect(port: port) { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failed(description: "nats-server did not listen on port \(port)")
    }

    private static func run(_ script: String, _ arguments: [String]) throws {
        let process = try ChildProcess(
            executable: "/bin/bash",
            arguments: [TestEnvironment.packageRoot().appendingPathComponent(script).path] + arguments,
            environment: ProcessInfo.processInfo.environment)
        let status = process.waitUntilExit()
        guard status == 0 else { throw Failed(description: "\(script) exited with \(status)") }
    }

    static func canConnect(port: Int) -> Bool {
        let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketHandle >= 0 else { return false }
        defer { close(socketHandle) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Foundation.connect(socketHandle, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
