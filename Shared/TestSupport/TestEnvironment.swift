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
    /// on a thread of its own, so no thread of the cooperative pool blocks on it.
    public static func services(_ command: String) async throws {
        let script = packageRoot().appendingPathComponent("scripts/services.sh").path
        let process = try ChildProcess(
            executable: "/bin/bash", arguments: [script, command, try servicesDirectory()],
            environment: ProcessInfo.processInfo.environment)
        let status = await process.exited()
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
