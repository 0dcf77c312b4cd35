import Metrics

extension GatewayMetrics {
    /// The metrics in the Prometheus text exposition format (version 0.0.4).
    public func prometheusText() -> String {
        registry.exposition()
    }
}
