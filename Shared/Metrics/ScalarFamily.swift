import Synchronization

/// What a counter and a gauge share: one value per set of label values, rendered a line each.
///
/// `@unchecked Sendable` because a class that others subclass cannot be checked; every stored property is a
/// constant or behind the mutex.
public class ScalarFamily: @unchecked Sendable, MetricFamily {
    public let name: String
    public let help: String
    public let labelNames: [String]
    let type: String
    private let series: Mutex<[LabelValues: Double]>

    init(name: String, help: String, labelNames: [String], type: String) {
        self.name = name
        self.help = help
        self.labelNames = labelNames
        self.type = type
        series = Mutex(labelNames.isEmpty ? [[]: 0] : [:])
    }

    /// The value of one series (0 for one never touched).
    public func value(labels: [String] = []) -> Double {
        series.withLock { $0[labels] ?? 0 }
    }

    /// Changes the series of these label values (nil while it was never touched).
    func update(_ labels: [String], _ change: (inout Double?) -> Void) {
        precondition(labels.count == labelNames.count, "\(name) takes the labels \(labelNames)")
        series.withLock { change(&$0[labels]) }
    }

    func render(into text: inout String) {
        for (labels, value) in series.withLock({ $0 }).sortedByLabels() {
            text += "\(name)\(PrometheusText.labels(labelNames, labels)) \(PrometheusText.format(value))\n"
        }
    }
}
