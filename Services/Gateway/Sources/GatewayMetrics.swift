import Bus
import Synchronization

/// The Gateway's counters, served at `/metrics` in the Prometheus text format.
public final class GatewayMetrics: Sendable {
    /// Upper bounds (seconds) of the request duration histogram.
    public static let durationBuckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    struct CallKey: Hashable {
        var method: String
        var outcome: String
    }

    struct State {
        var calls: [CallKey: UInt64] = [:]
        var durationCounts = [UInt64](repeating: 0, count: GatewayMetrics.durationBuckets.count)
        var durationOverflow: UInt64 = 0
        var durationSum: Double = 0
        var busErrors: [String: UInt64] = [:]
        var rateLimited: UInt64 = 0
        var inflight: Int = 0
    }

    let state = Mutex(State())

    public init() {}

    /// Counts one JSON-RPC call by method (`unknown` for names outside the API, `invalid` for rejected
    /// envelopes) and outcome (`ok`, `notification`, or the error's snake-case name).
    public func recordCall(method: String, outcome: String) {
        state.withLock { $0.calls[CallKey(method: method, outcome: outcome), default: 0] += 1 }
    }

    /// Observes the duration of one HTTP request to `/rpc`.
    public func observeDuration(_ duration: Duration) {
        let seconds = duration.inSeconds
        state.withLock { state in
            state.durationSum += seconds
            if let index = Self.durationBuckets.firstIndex(where: { seconds <= $0 }) {
                state.durationCounts[index] += 1
            } else {
                state.durationOverflow += 1
            }
        }
    }

    /// Counts a failed bus request or publish by kind: `timeout`, `no_responders` or `transport`.
    public func recordBusError(_ error: BusError) {
        let kind = error.isTimeout ? "timeout" : error.isNoResponders ? "no_responders" : "transport"
        state.withLock { $0.busErrors[kind, default: 0] += 1 }
    }

    public func recordRateLimited() {
        state.withLock { $0.rateLimited += 1 }
    }

    /// Marks an HTTP request as started; pair with ``requestFinished()``.
    public func requestStarted() {
        state.withLock { $0.inflight += 1 }
    }

    public func requestFinished() {
        state.withLock { $0.inflight -= 1 }
    }

    /// The count of calls with this method and outcome.
    public func calls(method: String, outcome: String) -> UInt64 {
        state.withLock { $0.calls[CallKey(method: method, outcome: outcome)] ?? 0 }
    }

    /// The outcome label of a JSON-RPC error.
    static func outcome(of error: JSONRPCError) -> String {
        if let folio = error.folioCode { return folio.typeName.lowercased() }
        switch error.code {
        case -32700: return "parse_error"
        case -32600: return "invalid_request"
        case -32601: return "method_not_found"
        case -32602: return "invalid_params"
        case -32603: return "internal_error"
        default: return "server_error"
        }
    }
}
