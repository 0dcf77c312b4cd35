import Synchronization

/// A clock that only moves when a test says so.
public final class ManualClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    public init() {}

    public func advance(_ duration: Duration) { offset.withLock { $0 += duration } }
    public var now: @Sendable () -> ContinuousClock.Instant { { [self] in start + offset.withLock { $0 } } }
}
