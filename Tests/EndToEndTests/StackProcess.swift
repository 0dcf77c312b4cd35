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
