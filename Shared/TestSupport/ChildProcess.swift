import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, for the tests that run servers and the stack as processes.
///
/// Not Foundation's `Process`: on this toolchain its `run()` now and then crashes the test process (it copies
/// whole `dirent` names while reading `/proc/self/fd`, and reads past glibc's buffer when the next page is
/// unmapped). Here the child gets stdin from /dev/null, stdout and stderr to `output` (or /dev/null), and no
/// other descriptor of the test process.
public final class ChildProcess: @unchecked Sendable {
    public let processIdentifier: pid_t
    private let lock = NSLock()
    private var status: Int32?

    public struct SpawnFailed: Error, CustomStringConvertible {
        public let executable: String
        public let code: Int32
        public var description: String { "\(executable) could not be started: \(String(cString: strerror(code)))" }
    }

    /// Where the child's standard output and error go.
    public enum Output: Sendable {
        case discard
        /// Appended to the file at this path (made when missing).
        case file(String)
        /// To this descriptor of the test process (the write end of a pipe, which the caller then closes).
        case descriptor(Int32)
    }

    /// Starts `executable` with `arguments` and exactly `environment`.
    public init(
        executable: String, arguments: [String] = [], environment: [String: String], output: Output = .discard
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        switch output {
        case .discard:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        case .file(let path):
            posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        case .descriptor(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        }
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        Self.closeFrom(3, &actions)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else { throw SpawnFailed(executable: executable, code: code) }
        processIdentifier = pid
    }

    /// The child no longer inherits descriptors from `lowest` on (glibc's `addclosefrom_np`, looked up at run
    /// time as Swift's Glibc module does not declare it).
    private static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    }

    /// Whether the child has not exited yet (reaps it once it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// The child's exit status (128 + the signal for a child a signal ended), waiting for it to exit. Blocks:
    /// call it where blocking is fine, or use `exited()`.
    @discardableResult
    public func waitUntilExit() -> Int32 { reap(blocking: true) ?? -1 }

    /// Waits for the child to exit on a thread of its own and answers its status.
    public func exited() async -> Int32 {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.waitUntilExit()) }
        }
    }

    /// Sends `signal` to the child, if it still runs.
    public func signal(_ signal: Int32) {
        guard isRunning else { return }
        kill(processIdentifier, signal)
    }

    /// SIGTERM.
    public func terminate() { signal(SIGTERM) }

    private func reap(blocking: Bool) -> Int32? {
        if let known = lock.withLock({ status }) { return known }
        var raw: Int32 = 0
        // Not under the lock: a blocking wait must not hold up `isRunning` elsewhere.
        let result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
        let failure = errno
        return lock.withLock {
            if let status { return status }  // another wait reaped it meanwhile
            if result == processIdentifier {
                let signalled = raw & 0x7f
                status = signalled == 0 ? (raw >> 8) & 0xff : 128 + signalled
            } else if result == -1, failure == ECHILD {
                status = -1  // reaped elsewhere: ended, not running for ever
            }
            return status
        }
    }
}
