import Synchronization

/// A value that goes up and down, one series per set of label values.
public final class Gauge: Sendable, MetricFamily {
    public let name: String
    public let help: String
    public let labelNames: [String]
    var type: String { "gauge" }
    private let series: Mutex<[LabelValues: Double]>

    init(name: String, help: String, labelNames: [String]) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        series = Mutex(labelNames.isEmpty ? [[]: 0] : [:])
    }

    public func set(_ value: Double, labels: [String] = []) {
        check(labels)
        series.withLock { $0[labels] = value }
    }

    /// Adds `delta` (negative to lower it).
    public func add(_ delta: Double, labels: [String] = []) {
        check(labels)
        series.withLock { $0[labels, default: 0] += delta }
    }

    /// The value of one series (0 for one never set).
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
