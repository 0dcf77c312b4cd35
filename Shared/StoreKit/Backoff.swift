/// Retry with a doubling pause: the one retry loop of the stores and their services.
public struct Backoff: Sendable, Equatable {
    /// The pause after the first failure.
    public var first: Duration
    /// The longest pause.
    public var longest: Duration
    /// How many tries in all; nil: until the work succeeds or the task is cancelled.
    public var tries: Int?

    public init(first: Duration, longest: Duration, tries: Int? = nil) {
        self.first = first
        self.longest = longest
        self.tries = tries
    }

    /// The pause after `failures` failed tries (1 for the first).
    public func pause(afterFailures failures: Int) -> Duration {
        var pause = first
        for _ in 1..<max(failures, 1) {
            pause = pause * 2
            if pause >= longest { return longest }
        }
        return min(pause, longest)
    }

    /// ``pause(afterFailures:)`` in whole seconds, for a wait a reducer's effect carries.
    public func wholeSeconds(afterFailures failures: Int) -> UInt64 {
        UInt64(pause(afterFailures: failures).components.seconds)
    }

    /// Runs `work` until it succeeds (its value), the tries run out or `shouldStop` says so (nil).
    /// `failures`: the tries that failed before this call; the first try then waits its pause.
    public func retry<Value: Sendable>(
        after failures: Int = 0, sleep: (Duration) async -> Void = { try? await Task.sleep(for: $0) },
        shouldStop: () async -> Bool = { Task.isCancelled },
        _ work: () async throws -> Value
    ) async -> Value? {
        var failures = failures
        if failures > 0 { await sleep(pause(afterFailures: failures)) }
        while true {
            if await shouldStop() { return nil }
            do {
                return try await work()
            } catch {
                failures += 1
                if let tries, failures >= tries { return nil }
                if await shouldStop() { return nil }
                await sleep(pause(afterFailures: failures))
            }
        }
    }
}

extension Backoff {
    /// A database call: five tries, 0.1 s doubling (a connection may be replaced, a database restarted in between).
    public static let database = Backoff(first: .milliseconds(100), longest: .milliseconds(800), tries: 5)
    /// A write that must happen before anything else may: 50 ms doubling to 2 s, until it succeeds.
    public static let untilStored = Backoff(first: .milliseconds(50), longest: .seconds(2))
}
