import StoreKit
import XCTest

/// Drives a reducer the way swift-composable-architecture's TestStore does: after every event the test
/// states how the whole state changed and every effect that came out, and anything else fails.
public struct ReducerTester<Reducer: StoreReducer> {
    public let reducer: Reducer
    public private(set) var state: Reducer.State

    public init(_ reducer: Reducer, state: Reducer.State) {
        self.reducer = reducer
        self.state = state
    }

    /// Sends `event`; `expectedEffects` must be exactly the effects produced, and `update` must turn the
    /// previous state into exactly the new one.
    public mutating func send(
        _ event: Reducer.Event, effects expectedEffects: [Reducer.Effect] = [],
        _ update: (inout Reducer.State) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var expected = state
        update(&expected)
        let effects = reducer.reduce(&state, event)
        XCTAssertEqual(state, expected, "state after \(event)", file: file, line: line)
        XCTAssertEqual(effects, expectedEffects, "effects of \(event)", file: file, line: line)
    }

    /// Sends an action as the store would receive it.
    public mutating func receive(
        _ action: Reducer.Action, effects expectedEffects: [Reducer.Effect] = [],
        _ update: (inout Reducer.State) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        send(Reducer.actionReceived(action), effects: expectedEffects, update, file: file, line: line)
    }
}
