import Dispatch
import Foundation

/// Waits for SIGTERM or SIGINT without blocking a thread, so a process can shut down gracefully.
public enum ShutdownSignal {
    /// Returns the name of the first termination signal the process receives.
    public static func wait() async -> String {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { once.resume(name) }
                source.resume()
                SignalSources.keep(source)
            }
        }
    }

    /// Ignores SIGPIPE, so a write to a closed socket is an error rather than the end of the process.
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }
}

private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, Never>?

    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = continuation }

    func resume(_ name: String) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: name)
    }
}

private enum SignalSources {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let lock = NSLock()

    static func keep(_ source: any DispatchSourceSignal) {
        lock.lock()
        sources.append(source)
        lock.unlock()
    }
}
