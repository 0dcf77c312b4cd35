import Foundation
import TestSupport

/// One executable of the stack, started as a real process with its own environment; its output goes to
/// a log file that failing tests print.
final class StackProcess: @unchecked Sendable {
    let name: String
    /// FOLIO_WORKER_ID when the test set one.
    let workerID: String?
    let process: ChildProcess
    let logURL: URL

    init(_ name: String, environment: [String: String], logDirectory: URL) throws {
        self.name = name
        workerID = environment["FOLIO_WORKER_ID"]
        // Two workers of one service each keep their own log.
        let logName = environment["FOLIO_WORKER_ID"].map { "\(name)-\($0)" } ?? name
        let binary = TestEnvironment.packageRoot().appendingPathComponent(".build/debug/\(name)")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw StackError("\(binary.path) is not built: run `swift build` first")
        }
        logURL = logDirectory.appendingPathComponent("\(logName).log")
        process = try ChildProcess(
            executable: binary.path,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new },
            output: .file(logURL.path))
    }

    var isRunning: Bool { process.isRunning }

    /// Sends SIGTERM and waits for the exit status (graceful shutdown), at most `timeout`.
    func terminate(timeout: Duration = .seconds(10)) async -> Int32? {
        guard process.isRunning else { return process.waitUntilExit() }
        process.terminate()
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning {
            process.signal(SIGKILL)
            return nil
        }
        return process.waitUntilExit()
    }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }
}

struct StackError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A free TCP port on 127.0.0.1 (bound, read, released).
func freePort() throws -> UInt16 {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw StackError("socket() failed") }
    defer { close(socketFD) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(socketFD, pointer, length) == 0 && getsockname(socketFD, pointer, &length) == 0
        }
    }
    guard bound else { throw StackError("bind() failed") }
    return UInt16(bigEndian: address.sin_port)
}
