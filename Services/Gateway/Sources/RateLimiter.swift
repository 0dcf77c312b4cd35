import Synchronization

/// A token bucket per client: `burst` requests at once, then `rate` per second.
public final class RateLimiter: Sendable {
    /// The answer for one request.
    public struct Decision: Sendable, Equatable {
        public var allowed: Bool
        /// When refused, how long until the client's next request would be allowed.
        public var retryAfter: Duration
    }

    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    public let rate: Double
    public let burst: Int
    public let maxClients: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let buckets = Mutex([String: Bucket]())

    /// A `rate` of 0 allows everything. `maxClients` bounds memory: past it, idle (full) buckets are
    /// forgotten, and if all are busy the table starts over.
    public init(
        rate: Double, burst: Int, maxClients: Int = 100_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.rate = rate
        self.burst = max(1, burst)
        self.maxClients = max(1, maxClients)
        self.now = now
    }

    public var isEnabled: Bool { rate > 0 }

    /// Takes one token from `key`'s bucket if it has one.
    public func acquire(_ key: String) -> Decision {
        guard isEnabled else { return Decision(allowed: true, retryAfter: .zero) }
        let instant = now()
        return buckets.withLock { buckets in
            var bucket =
                buckets[key].map { refilled($0, at: instant) } ?? Bucket(tokens: Double(burst), updated: instant)
            if buckets[key] == nil, buckets.count >= maxClients { prune(&buckets, at: instant) }
            let decision: Decision
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                decision = Decision(allowed: true, retryAfter: .zero)
            } else {
                decision = Decision(allowed: false, retryAfter: .seconds((1 - bucket.tokens) / rate))
            }
            buckets[key] = bucket
            return decision
        }
    }

    /// How many clients have a bucket.
    public var clientCount: Int { buckets.withLock { $0.count } }

    private func refilled(_ bucket: Bucket, at instant: ContinuousClock.Instant) -> Bucket {
        let seconds = (instant - bucket.updated).inSeconds
        return Bucket(tokens: min(Double(burst), bucket.tokens + max(0, seconds) * rate), updated: instant)
    }

    private func prune(_ buckets: inout [String: Bucket], at instant: ContinuousClock.Instant) {
        buckets = buckets.filter { refilled($0.value, at: instant).tokens < Double(burst) }
        if buckets.count >= maxClients { buckets.removeAll(keepingCapacity: true) }
    }
}
