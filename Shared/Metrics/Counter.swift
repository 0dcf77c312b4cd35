import Synchronization

/// A value that only goes up, one series per set of label values.
public final class Counter: Sendable, MetricFamily {
    public let name: String
    public let help: String
    public let labelNames: [String]
    var type: String { "counter" }
    private let series: Mutex<[LabelValues: Double]>

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        series = Mutex(labelNames.isEmpty ? [[]: 0] : [:])
    }

    /// Adds `amount` (0 or more) to the series of these label values.
    public func increment(by amount: Double = 1, labels: [String] = []) {
        precondition(amount >= 0, "a counter only goes up")
        check(labels)
        series.withLock { $0[labels, default: 0] += amount }
    }

    /// Shows the series of these label values at 0 until it moves.
    public func touch(labels: [String]) {
        check(labels)
        series.withLock { series in
            if series[labels] == nil { series[labels] = 0 }
        }
    }

    /// The value of one series (0 for one never touched).
    public func value(labels: [String] = []) -> Double {
        series.withLock { $0[labels] ?? 0 }
    }

    func render(into text: inout String) {
        for (labels, value) in series.withLock({ $0 }).sortedByLabels() {
            text += "\(name)\(PrometheusText.labels(labelNames, labels)) \(PrometheusText.format(value))\n"
        }
    }

    private func check(_ labels: [String]) {
        precondition(labels.count == labelNames.count, "\(name) takes the labels \(labelNames)")
    }
}
