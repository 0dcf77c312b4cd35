import Synchronization

/// Observations counted in buckets by upper bound, one series per set of label values. Rendered with
/// cumulative `_bucket` lines (each counts every observation up to its `le`, `+Inf` all of them), `_sum` and
/// `_count`.
public final class Histogram: Sendable, MetricFamily {
    /// Upper bounds in seconds for durations: 1 ms to 30 s.
    public static let durationBuckets: [Double] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

    public let name: String
    public let help: String
    public let labelNames: [String]
    /// The upper bounds, ascending, without `+Inf`.
    public let buckets: [Double]
    var type: String { "histogram" }

    struct Series {
        /// Observations per bucket (not cumulative); the last slot is past the highest bound.
        var counts: [UInt64]
        var sum: Double = 0

        init(slots: Int) { counts = [UInt64](repeating: 0, count: slots) }

        mutating func record(_ value: Double, at index: Int) {
            counts[index] += 1
            sum += value
        }
    }

    private let series: Mutex<[LabelValues: Series]>

    init(name: String, help: String, labelNames: [String], buckets: [Double]) {
        precondition(
            !buckets.isEmpty && zip(buckets, buckets.dropFirst()).allSatisfy { $0 < $1 },
            "\(name): the bucket bounds must ascend")
        precondition(buckets.allSatisfy(\.isFinite), "\(name): +Inf is added by itself")
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.buckets = buckets
        series = Mutex(labelNames.isEmpty ? [[]: Series(slots: buckets.count + 1)] : [:])
    }

    /// Counts one observation in the series of these label values.
    public func observe(_ value: Double, labels: [String] = []) {
        precondition(labels.count == labelNames.count, "\(name) takes the labels \(labelNames)")
        let index = buckets.firstIndex { value <= $0 } ?? buckets.count
        let slots = buckets.count + 1
        series.withLock { $0[labels, default: Series(slots: slots)].record(value, at: index) }
    }

    /// Counts a duration, in seconds.
    public func observe(_ duration: Duration, labels: [String] = []) {
        let (seconds, attoseconds) = duration.components
        observe(Double(seconds) + Double(attoseconds) / 1e18, labels: labels)
    }

    /// How many observations the series of these label values has.
    public func count(labels: [String] = []) -> UInt64 {
        series.withLock { $0[labels]?.counts.reduce(0, +) ?? 0 }
    }

    /// The sum of the observations of one series.
    public func sum(labels: [String] = []) -> Double {
        series.withLock { $0[labels]?.sum ?? 0 }
    }

    func render(into text: inout String) {
        for (labels, series) in series.withLock({ $0 }).sortedByLabels() {
            var cumulative: UInt64 = 0
            for (bound, count) in zip(buckets + [.infinity], series.counts) {
                cumulative += count
                let le = PrometheusText.labels(labelNames, labels, extra: ("le", PrometheusText.format(bound)))
                text += "\(name)_bucket\(le) \(cumulative)\n"
            }
            let plain = PrometheusText.labels(labelNames, labels)
            text += "\(name)_sum\(plain) \(PrometheusText.format(series.sum))\n"
            text += "\(name)_count\(plain) \(cumulative)\n"
        }
    }
}
