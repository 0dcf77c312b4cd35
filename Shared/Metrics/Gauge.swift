/// A value that goes up and down, one series per set of label values.
public final class Gauge: ScalarFamily, @unchecked Sendable {
    init(name: String, help: String, labelNames: [String]) {
        super.init(name: name, help: help, labelNames: labelNames, type: "gauge")
    }

    public func set(_ value: Double, labels: [String] = []) {
        update(labels) { $0 = value }
    }

    /// Adds `delta` (negative to lower it).
    public func add(_ delta: Double, labels: [String] = []) {
        update(labels) { $0 = ($0 ?? 0) + delta }
    }
}
