/// A value that only goes up, one series per set of label values.
public final class Counter: ScalarFamily, @unchecked Sendable {
    init(name: String, help: String, labelNames: [String]) {
        super.init(name: name, help: help, labelNames: labelNames, type: "counter")
    }

    /// Adds `amount` (0 or more) to the series of these label values.
    public func increment(by amount: Double = 1, labels: [String] = []) {
        precondition(amount >= 0, "a counter only goes up")
        update(labels) { $0 = ($0 ?? 0) + amount }
    }

    /// Shows the series of these label values at 0 until it moves.
    public func touch(labels: [String]) {
        update(labels) { $0 = $0 ?? 0 }
    }
}
