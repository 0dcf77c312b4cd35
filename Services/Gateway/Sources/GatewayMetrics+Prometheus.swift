extension GatewayMetrics {
    /// The metrics in the Prometheus text exposition format (version 0.0.4).
    public func prometheusText() -> String {
        let snapshot = state.withLock { $0 }
        var lines: [String] = []
        lines.append("# HELP folio_gateway_requests_total JSON-RPC calls by method and outcome.")
        lines.append("# TYPE folio_gateway_requests_total counter")
        for (key, count) in snapshot.calls.sorted(by: {
            ($0.key.method, $0.key.outcome) < ($1.key.method, $1.key.outcome)
        }) {
            lines.append(
                "folio_gateway_requests_total{method=\"\(Self.escape(key.method))\",outcome=\"\(Self.escape(key.outcome))\"} \(count)"
            )
        }

        lines.append("# HELP folio_gateway_request_duration_seconds Duration of POST /rpc requests.")
        lines.append("# TYPE folio_gateway_request_duration_seconds histogram")
        var cumulative: UInt64 = 0
        for (bound, count) in zip(Self.durationBuckets, snapshot.durationCounts) {
            cumulative += count
            lines.append("folio_gateway_request_duration_seconds_bucket{le=\"\(Self.format(bound))\"} \(cumulative)")
        }
        cumulative += snapshot.durationOverflow
        lines.append("folio_gateway_request_duration_seconds_bucket{le=\"+Inf\"} \(cumulative)")
        lines.append("folio_gateway_request_duration_seconds_sum \(snapshot.durationSum)")
        lines.append("folio_gateway_request_duration_seconds_count \(cumulative)")

        lines.append("# HELP folio_gateway_bus_errors_total Failed bus requests by kind.")
        lines.append("# TYPE folio_gateway_bus_errors_total counter")
        for kind in ["no_responders", "timeout", "transport"] {
            lines.append("folio_gateway_bus_errors_total{kind=\"\(kind)\"} \(snapshot.busErrors[kind] ?? 0)")
        }

        lines.append("# HELP folio_gateway_rate_limited_total Requests refused with HTTP 429.")
        lines.append("# TYPE folio_gateway_rate_limited_total counter")
        lines.append("folio_gateway_rate_limited_total \(snapshot.rateLimited)")

        lines.append("# HELP folio_gateway_inflight_requests HTTP requests being handled now.")
        lines.append("# TYPE folio_gateway_inflight_requests gauge")
        lines.append("folio_gateway_inflight_requests \(snapshot.inflight)")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escape(_ label: String) -> String {
        var escaped = ""
        for character in label {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private static func format(_ bound: Double) -> String {
        bound.rounded() == bound ? String(Int(bound)) : String(bound)
    }
}
