import Bus
import Metrics

/// The Gateway's counters, served at `/metrics` in the Prometheus text format (the shared `Metrics` registry,
/// as every service's own metrics).
public final class GatewayMetrics: Sendable {
    /// Upper bounds (seconds) of the request duration histogram.
    public static let durationBuckets: [Double] = Histogram.durationBuckets

    /// Every Gateway metric; ``prometheusText()`` renders it.
    public let registry = MetricsRegistry()
    let requests: Counter
    let duration: Histogram
    let busErrors: Counter
    let rateLimited: Counter
    let inflight: Gauge

    public init() {
        requests = registry.counter(
            "folio_gateway_requests_total", help: "JSON-RPC calls by method and outcome.",
            labels: ["method", "outcome"])
        duration = registry.histogram(
            "folio_gateway_request_duration_seconds", help: "Duration of POST /rpc requests.",
            buckets: Self.durationBuckets)
        busErrors = registry.counter(
            "folio_gateway_bus_errors_total", help: "Failed bus requests by kind.", labels: ["kind"])
        for kind in ["no_responders", "timeout", "transport"] { busErrors.touch(labels: [kind]) }
        rateLimited = registry.counter("folio_gateway_rate_limited_total", help: "Requests refused with HTTP 429.")
        inflight = registry.gauge("folio_gateway_inflight_requests", help: "HTTP requests being handled now.")
    }

    /// Counts one JSON-RPC call by method (`unknown` for names outside the API, `invalid` for rejected
    /// envelopes) and outcome (`ok`, `notification`, or the error's snake-case name).
    public func recordCall(method: String, outcome: String) {
        requests.increment(labels: [method, outcome])
    }

    /// Observes the duration of one HTTP request to `/rpc`.
    public func observeDuration(_ duration: Duration) {
        self.duration.observe(duration)
    }

    /// Counts a failed bus request or publish by kind: `timeout`, `no_responders` or `transport`.
    public func recordBusError(_ error: BusError) {
        let kind = error.isTimeout ? "timeout" : error.isNoResponders ? "no_responders" : "transport"
        busErrors.increment(labels: [kind])
    }

    public func recordRateLimited() {
        rateLimited.increment()
    }

    /// Marks an HTTP request as started; pair with ``requestFinished()``.
    public func requestStarted() {
        inflight.add(1)
    }

    public func requestFinished() {
        inflight.add(-1)
    }

    /// The count of calls with this method and outcome.
    public func calls(method: String, outcome: String) -> UInt64 {
        UInt64(requests.value(labels: [method, outcome]))
    }

    /// The outcome label of a JSON-RPC error.
    static func outcome(of error: JSONRPCError) -> String {
        error.outcomeLabel
    }
}
