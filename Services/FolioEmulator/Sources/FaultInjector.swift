import Synchronization

/// The pending faults, consumed in the order they were added.
final class FaultInjector: Sendable {
    private struct State {
        var faults: [EmulatorFault] = []
        var nextNumber = 1
    }

    private let state = Mutex(State())

    /// Stores a validated fault and returns it with its id and remaining count.
    func add(_ fault: EmulatorFault) -> EmulatorFault {
        state.withLock { state in
            var stored = fault
            stored.id = "fault-\(state.nextNumber)"
            stored.remaining = fault.count
            state.nextNumber += 1
            state.faults.append(stored)
            return stored
        }
    }

    /// Uses up one call of the oldest fault for `route`, if any.
    func take(route: String) -> EmulatorFault? {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { $0.route == route }) else { return nil }
            let remaining = (state.faults[index].remaining ?? 1) - 1
            let fault = state.faults[index]
            if remaining <= 0 {
                state.faults.remove(at: index)
            } else {
                state.faults[index].remaining = remaining
            }
            return fault
        }
    }

    var pending: [EmulatorFault] { state.withLock { $0.faults } }

    /// Removes every fault and returns how many there were.
    func clear() -> Int {
        state.withLock { state in
            defer { state.faults = [] }
            return state.faults.count
        }
    }
}
