import Foundation

/// Where the real PostgreSQL and NATS of a test run live.
///
/// `scripts/services.sh start DIR` starts both and writes `DIR/env`; `make test` and `.ci/run`
/// source it before `swift test`. A test that needs a server and finds no address fails with a
/// message that says how to start one, instead of skipping.
public enum TestEnvironment {
    public struct Missing: Error, CustomStringConvertible {
        public let variable: String
        public var description: String {
            "\(variable) is not set: run `scripts/services.sh start /tmp/folio-services` and source its env file"
        }
    }

    public static func require(_ variable: String) throws -> String {
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw Missing(variable: variable)
        }
        return value
    }

    public static func databaseURL() throws -> String { try require("FOLIO_DATABASE_URL") }
    public static func natsURL() throws -> String { try require("FOLIO_NATS_URL") }
    public static func servicesDirectory() throws -> String { try require("FOLIO_SERVICES_DIR") }

    /// Runs `scripts/services.sh <command> <dir>`, for tests that stop and start a server. The wait happens
    /// in a termination handler, so no thread of the cooperative pool blocks on it.
    public static func services(_ command: String) async throws {
        let script = packageRoot().appendingPathComponent("scripts/services.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, command, try servicesDirectory()]
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else { throw ServicesScriptFailed(command: command, status: status) }
    }

    public struct ServicesScriptFailed: Error, CustomStringConvertible {
        public let command: String
        public let status: Int32
        public var description: String { "scripts/services.sh \(command) exited with \(status)" }
    }

    /// The package root, found from this source file's location.
    public static func packageRoot(file: String = #filePath) -> URL {
        URL(fileURLWithPath: file).resolvingSymlinksInPath()
            .deletingLastPathComponent()  // TestSupport
            .deletingLastPathComponent()  // Shared
            .deletingLastPathComponent()
    }
}
