import Bus
import FolioModel
import GatewayService
import Lifecycle
import Synchronization
import TestSupport
import XCTest

/// A verifier that knows a fixed table of tokens and counts its calls; it can be held up by a gate.
final class TableVerifier: TokenVerifier {
    private let table: [String: RuntimeIdentity]
    private let state = Mutex((calls: 0, gate: Optional<AsyncStream<Void>>.none))

    init(_ table: [String: RuntimeIdentity]) { self.table = table }

    var calls: Int { state.withLock { $0.calls } }

    /// The next verification waits until the returned continuation yields.
    func holdNext() -> AsyncStream<Void>.Continuation {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        state.withLock { $0.gate = stream }
        return continuation
    }

    func verify(_ token: String) async throws -> RuntimeIdentity? {
        let gate = state.withLock { state in
            state.calls += 1
            defer { state.gate = nil }
            return state.gate
        }
        if let gate { for await _ in gate { break } }
        return table[token]
    }
}

final class RateLimiterTests: XCTestCase {
    func testBurstThenRateThenRefill() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 2, burst: 3, now: clock.now)
        XCTAssertEqual((0..<3).map { _ in limiter.acquire("a").allowed }, [true, true, true])
        let refused = limiter.acquire("a")
        XCTAssertFalse(refused.allowed)
        XCTAssertEqual(refused.retryAfter, .milliseconds(500))
        XCTAssertTrue(limiter.acquire("b").allowed, "another client has its own bucket")
        clock.advance(.milliseconds(500))
        XCTAssertTrue(limiter.acquire("a").allowed)
        XCTAssertFalse(limiter.acquire("a").allowed)
        clock.advance(.seconds(60))
        XCTAssertEqual(
            (0..<4).map { _ in limiter.acquire("a").allowed }, [true, true, true, false], "refill stops at the burst")
    }

    func testZeroRateAllowsEverything() {
        let limiter = RateLimiter(rate: 0, burst: 1)
        XCTAssertFalse(limiter.isEnabled)
        XCTAssertTrue((0..<100).allSatisfy { _ in limiter.acquire("a").allowed })
        XCTAssertEqual(limiter.clientCount, 0)
    }

    func testClientTableIsBounded() {
        let clock = ManualClock()
        let limiter = RateLimiter(rate: 1, burst: 2, maxClients: 10, now: clock.now)
        for client in 0..<10 { _ = limiter.acquire("client-\(client)") }
        clock.advance(.seconds(10))
        _ = limiter.acquire("newcomer")
        XCTAssertEqual(limiter.clientCount, 1, "idle (full) buckets are forgotten first")
        for client in 0..<50 { _ = limiter.acquire("busy-\(client)") }
        XCTAssertLessThanOrEqual(limiter.clientCount, 10)
    }
}

final class CachingTokenVerifierTests: XCTestCase {
    private let alice = RuntimeIdentity(runtimeId: "rt_alice", organizationId: "org", deviceId: "dev_1")
    private let bob = RuntimeIdentity(runtimeId: "rt_bob", organizationId: "org", deviceId: "dev_2")

    func testPositiveAnswersAreCachedUntilTheTTL() async throws {
        let clock = ManualClock()
        let base = TableVerifier(["a": alice])
        let cache = CachingTokenVerifier(base, ttl: .seconds(30), now: clock.now)
        let first = try await cache.verify("a")
        let second = try await cache.verify("a")
        XCTAssertEqual(first, alice)
        XCTAssertEqual(second, alice)
        XCTAssertEqual(base.calls, 1)
        clock.advance(.seconds(31))
        _ = try await cache.verify("a")
        XCTAssertEqual(base.calls, 2, "an expired entry is verified again")
    }

    func testNegativeAnswersAreNotCached() async throws {
        let base = TableVerifier([:])
        let cache = CachingTokenVerifier(base, ttl: .seconds(30))
        let first = try await cache.verify("nope")
        let second = try await cache.verify("nope")
        XCTAssertNil(first)
        XCTAssertNil(second)
        XCTAssertEqual(base.calls, 2)
        XCTAssertEqual(cache.count, 0)
    }

    func testZeroTTLTurnsCachingOff() async throws {
        let base = TableVerifier(["a": alice])
        let cache = CachingTokenVerifier(base, ttl: .zero)
        _ = try await cache.verify("a")
        _ = try await cache.verify("a")
        XCTAssertEqual(base.calls, 2)
    }

    func testDropForgetsEveryTokenOfTheRuntimeOnly() async throws {
        let base = TableVerifier(["a1": alice, "a2": alice, "b": bob])
        let cache = CachingTokenVerifier(base, ttl: .seconds(30))
        for token in ["a1", "a2", "b"] { _ = try await cache.verify(token) }
        XCTAssertEqual(cache.count, 3)
        cache.drop(runtimeId: "rt_alice")
        XCTAssertEqual(cache.count, 1)
        _ = try await cache.verify("b")
        XCTAssertEqual(base.calls, 3, "bob is still cached")
        _ = try await cache.verify("a1")
        XCTAssertEqual(base.calls, 4)
    }

    func testAnAnswerInFlightDuringADropIsNotCached() async throws {
        let base = TableVerifier(["a": alice])
        let cache = CachingTokenVerifier(base, ttl: .seconds(30))
        let gate = base.holdNext()
        let pending = Task { try await cache.verify("a") }
        while base.calls == 0 { await Task.yield() }
        cache.drop(runtimeId: "rt_alice")
        gate.yield()
        let answer = try await pending.value
        XCTAssertEqual(answer, alice)
        XCTAssertEqual(cache.count, 0)
    }

    func testCapacityIsBounded() async throws {
        let clock = ManualClock()
        var table: [String: RuntimeIdentity] = [:]
        for index in 0..<10 { table["t\(index)"] = alice }
        let cache = CachingTokenVerifier(TableVerifier(table), ttl: .seconds(30), capacity: 4, now: clock.now)
        for index in 0..<10 {
            _ = try await cache.verify("t\(index)")
            clock.advance(.seconds(1))
        }
        XCTAssertLessThanOrEqual(cache.count, 4)
    }
}

final class GatewayConfigurationTests: XCTestCase {
    func testDefaults() throws {
        let configuration = try GatewayConfiguration(environment: Environment([:]))
        XCTAssertEqual(configuration.host, "127.0.0.1")
        XCTAssertEqual(configuration.port, 8080)
        XCTAssertEqual(configuration.natsURL, "nats://127.0.0.1:4222")
        XCTAssertEqual(configuration.maxBodyBytes, 48 << 20)
        XCTAssertEqual(configuration.maxJSONDepth, 64)
        XCTAssertEqual(configuration.maxBatchSize, 100)
        XCTAssertEqual(configuration.rateLimit, 50)
        XCTAssertEqual(configuration.rateBurst, 100)
        XCTAssertEqual(configuration.busTimeout, .seconds(10))
        XCTAssertEqual(configuration.tokenCacheTTL, .seconds(30))
        XCTAssertEqual(configuration.sseKeepalive, .seconds(15))
        XCTAssertNil(configuration.staticRoot)
        XCTAssertEqual(configuration.shutdownGracePeriod, .seconds(10))
        XCTAssertEqual(configuration.logLevel, .info)
        XCTAssertGreaterThan(configuration.maxBodyBytes, 32 << 20 * 4 / 3, "a 32 MiB image fits in base64")
    }

    func testEveryVariableIsRead() throws {
        let configuration = try GatewayConfiguration(
            environment: Environment([
                "FOLIO_GATEWAY_HOST": "0.0.0.0", "FOLIO_GATEWAY_PORT": "9000", "FOLIO_NATS_URL": "nats://nats:4222",
                "FOLIO_GATEWAY_MAX_BODY_BYTES": "1024", "FOLIO_GATEWAY_MAX_JSON_DEPTH": "10",
                "FOLIO_GATEWAY_MAX_BATCH": "5",
                "FOLIO_GATEWAY_RATE_LIMIT": "7", "FOLIO_GATEWAY_BUS_TIMEOUT_MS": "1500",
                "FOLIO_GATEWAY_TOKEN_CACHE_SECONDS": "0", "FOLIO_GATEWAY_SSE_KEEPALIVE_MS": "2000",
                "FOLIO_GATEWAY_STATIC_ROOT": "/srv/web", "FOLIO_GATEWAY_SHUTDOWN_GRACE_MS": "250",
                "FOLIO_LOG_LEVEL": "DEBUG",
            ]))
        XCTAssertEqual(configuration.host, "0.0.0.0")
        XCTAssertEqual(configuration.port, 9000)
        XCTAssertEqual(configuration.natsURL, "nats://nats:4222")
        XCTAssertEqual(configuration.maxBodyBytes, 1024)
        XCTAssertEqual(configuration.maxJSONDepth, 10)
        XCTAssertEqual(configuration.maxBatchSize, 5)
        XCTAssertEqual(configuration.rateLimit, 7)
        XCTAssertEqual(configuration.rateBurst, 14, "the burst defaults to twice the rate")
        XCTAssertEqual(configuration.busTimeout, .milliseconds(1500))
        XCTAssertEqual(configuration.tokenCacheTTL, .zero)
        XCTAssertEqual(configuration.sseKeepalive, .seconds(2))
        XCTAssertEqual(configuration.staticRoot, "/srv/web")
        XCTAssertEqual(configuration.shutdownGracePeriod, .milliseconds(250))
        XCTAssertEqual(configuration.logLevel, .debug)
        let burst = try GatewayConfiguration(environment: Environment(["FOLIO_GATEWAY_RATE_BURST": "3"]))
        XCTAssertEqual(burst.rateBurst, 3)
    }

    func testInvalidValuesThrow() {
        for (name, value) in [
            ("FOLIO_GATEWAY_PORT", "70000"), ("FOLIO_GATEWAY_MAX_BODY_BYTES", "0"),
            ("FOLIO_GATEWAY_MAX_JSON_DEPTH", "deep"),
            ("FOLIO_GATEWAY_RATE_LIMIT", "-1"), ("FOLIO_GATEWAY_BUS_TIMEOUT_MS", "-5"), ("FOLIO_LOG_LEVEL", "loud"),
            ("FOLIO_GATEWAY_TOKEN_CACHE_SECONDS", "-1"),
        ] {
            XCTAssertThrowsError(try GatewayConfiguration(environment: Environment([name: value])), "\(name)=\(value)")
            {
                error in
                XCTAssertTrue(String(describing: error).contains(name), "\(error)")
            }
        }
    }
}
