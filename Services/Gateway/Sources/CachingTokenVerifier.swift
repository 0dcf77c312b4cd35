import Synchronization

/// Remembers positive answers of another verifier for a while, so most calls cost no bus round trip.
///
/// Negative answers are not cached: a token that just became valid works at once. A runtime that shuts
/// down is dropped with ``drop(runtimeId:)`` (the Gateway does it on the runtime shutdown event), and an
/// answer that was in flight while its runtime was dropped is not cached.
public final class CachingTokenVerifier: TokenVerifier {
    private struct Entry {
        let identity: RuntimeIdentity
        let expires: ContinuousClock.Instant
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// When each runtime was last dropped; kept for one TTL.
        var dropped: [String: ContinuousClock.Instant] = [:]
    }

    public let base: any TokenVerifier
    public let ttl: Duration
    public let capacity: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Mutex(State())

    /// Wraps `base`. A `ttl` of zero turns caching off; `capacity` bounds the number of tokens kept.
    public init(
        _ base: any TokenVerifier, ttl: Duration, capacity: Int = 10_000,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.base = base
        self.ttl = ttl
        self.capacity = max(1, capacity)
        self.now = now
    }

    public func verify(_ token: String) async throws -> RuntimeIdentity? {
        let started = now()
        let cached: RuntimeIdentity? = state.withLock { state in
            guard let entry = state.entries[token] else { return nil }
            guard entry.expires > started else {
                state.entries[token] = nil
                return nil
            }
            return entry.identity
        }
        if let cached { return cached }
        guard let identity = try await base.verify(token) else { return nil }
        guard ttl > .zero else { return identity }
        let finished = now()
        state.withLock { state in
            if let droppedAt = state.dropped[identity.runtimeId], droppedAt >= started { return }
            if state.entries.count >= capacity { evict(&state, at: finished) }
            state.entries[token] = Entry(identity: identity, expires: finished + ttl)
        }
        return identity
    }

    /// Forgets every token of a runtime (it shut down or its token was revoked).
    public func drop(runtimeId: String) {
        let instant = now()
        state.withLock { state in
            state.entries = state.entries.filter { $0.value.identity.runtimeId != runtimeId }
            state.dropped = state.dropped.filter { $0.value + ttl > instant }
            state.dropped[runtimeId] = instant
        }
    }

    /// How many tokens are cached (expired ones may still count until they are looked up or evicted).
    public var count: Int { state.withLock { $0.entries.count } }

    /// Makes room: expired entries first, then the ones closest to expiring.
    private func evict(_ state: inout State, at instant: ContinuousClock.Instant) {
        state.entries = state.entries.filter { $0.value.expires > instant }
        let excess = state.entries.count - capacity + 1
        guard excess > 0 else { return }
        let oldest = state.entries.sorted { $0.value.expires < $1.value.expires }.prefix(excess)
        for (token, _) in oldest { state.entries[token] = nil }
    }
}
