import Synchronization

/// The metrics of one process, rendered in the Prometheus text exposition format (version 0.0.4) by
/// ``exposition()``. Families are rendered in the order they were registered; the series of a family in the
/// order of their label values. A family without labels always has its one series (0 until it moves); a family
/// with labels shows a series once it was touched (``Counter/touch(labels:)`` shows one at 0).
public final class MetricsRegistry: Sendable {
    /// The `Content-Type` of ``exposition()``.
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private let families = Mutex<[any MetricFamily]>([])

    public init() {}

    /// Registers a counter: a value that only goes up (calls, errors).
    public func counter(_ name: String, help: String, labels: [String] = []) -> Counter {
        register(Counter(name: name, help: help, labelNames: labels))
    }

    /// Registers a gauge: a value that goes up and down (stores mounted, effects pending).
    public func gauge(_ name: String, help: String, labels: [String] = []) -> Gauge {
        register(Gauge(name: name, help: help, labelNames: labels))
    }

    /// Registers a histogram with these upper bounds (ascending; `+Inf` is added by itself).
    public func histogram(
        _ name: String, help: String, labels: [String] = [], buckets: [Double] = Histogram.durationBuckets
    ) -> Histogram {
        register(Histogram(name: name, help: help, labelNames: labels, buckets: buckets))
    }

    /// Registers a counter without labels whose value is read when the registry is rendered (the CPU time the
    /// process used).
    public func counter(_ name: String, help: String, reading value: @escaping @Sendable () -> Double) {
        _ = register(ReadFamily(name: name, help: help, type: "counter", read: value))
    }

    /// Registers a gauge without labels whose value is read when the registry is rendered (resident memory).
    public func gauge(_ name: String, help: String, reading value: @escaping @Sendable () -> Double) {
        _ = register(ReadFamily(name: name, help: help, type: "gauge", read: value))
    }

    /// Every family in the Prometheus text format, each line ending in a newline.
    public func exposition() -> String {
        let snapshot = families.withLock { $0 }
        var text = ""
        for family in snapshot {
            text += "# HELP \(family.name) \(PrometheusText.escapeHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.type)\n"
            family.render(into: &text)
        }
        return text
    }

    /// The names of the families, in order.
    public var names: [String] { families.withLock { $0.map(\.name) } }

    private func register<Family: MetricFamily>(_ family: Family) -> Family {
        precondition(PrometheusText.isMetricName(family.name), "\(family.name) is no Prometheus metric name")
        for label in family.labelNames {
            precondition(
                PrometheusText.isLabelName(label) && !label.hasPrefix("__") && label != "le",
                "\(label) is no label name of \(family.name)")
        }
        families.withLock { families in
            precondition(!families.contains { $0.name == family.name }, "\(family.name) is registered twice")
            families.append(family)
        }
        return family
    }
}

/// A metric family as the registry renders it.
protocol MetricFamily: Sendable {
    var name: String { get }
    var help: String { get }
    /// `counter`, `gauge` or `histogram`.
    var type: String { get }
    var labelNames: [String] { get }
    /// Appends the family's sample lines.
    func render(into text: inout String)
}

/// A family of one series whose value is read at each rendering.
struct ReadFamily: MetricFamily {
    let name: String
    let help: String
    let type: String
    var labelNames: [String] { [] }
    let read: @Sendable () -> Double

    func render(into text: inout String) {
        text += "\(name) \(PrometheusText.format(read()))\n"
    }
}

/// The label values of one series, in the order of the family's label names.
typealias LabelValues = [String]

extension Dictionary where Key == LabelValues {
    /// The series in the order of their label values.
    func sortedByLabels() -> [(key: LabelValues, value: Value)] {
        sorted { $0.key.lexicographicallyPrecedes($1.key) }
    }
}
