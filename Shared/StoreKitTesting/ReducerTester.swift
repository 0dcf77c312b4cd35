import FolioAPI
import StoreKit
import XCTest

/// Drives a reducer the way swift-composable-architecture's TestStore does: after every event the test
/// states how the whole state changed and every effect that came out, and anything else fails.
///
/// It also follows effects: every effect the reducer asks for stays outstanding until the test answers it (sends
/// an event whose `answersRequest` is the effect's `requestID`), says it ran (`run`, for an effect nothing
/// answers) or leaves it on purpose (`skip`). An answer must answer an outstanding effect, and `finish()` fails on
/// every effect still outstanding.
public struct ReducerTester<Reducer: StoreReducer>
where Reducer.Effect: RequestCorrelated, Reducer.Event: RequestAnswering {
    /// Where the tester's own findings go (an unanswered effect, an answer to nothing): `XCTFail` unless a test
    /// of the tester collects them.
    public typealias FailureReporter = (_ message: String, _ file: StaticString, _ line: UInt) -> Void

    public let reducer: Reducer
    public private(set) var state: Reducer.State
    /// Effects asked for (or in flight when the test began) and not yet answered, run or skipped, oldest first.
    public private(set) var outstanding: [Reducer.Effect]
    private let reportFailure: FailureReporter

    /// `inFlight`: effects already running when the test begins (a state taken mid-flow), whose answers the
    /// test may send.
    public init(
        _ reducer: Reducer, state: Reducer.State, inFlight: [Reducer.Effect] = [],
        reportFailure: @escaping FailureReporter = { XCTFail($0, file: $1, line: $2) }
    ) {
        self.reducer = reducer
        self.state = state
        self.outstanding = inFlight
        self.reportFailure = reportFailure
    }

    /// A tester whose state is what `events` led to from `state`, unasserted (the steps on the way are asserted
    /// in tests of their own); the effects they asked for and did not answer are in flight.
    public init(
        _ reducer: Reducer, state: Reducer.State, replaying events: [Reducer.Event],
        reportFailure: @escaping FailureReporter = { XCTFail($0, file: $1, line: $2) }
    ) {
        var state = state
        var inFlight: [Reducer.Effect] = []
        for event in events {
            if let requestID = event.answersRequest,
                let index = inFlight.firstIndex(where: { $0.requestID == requestID })
            {
                inFlight.remove(at: index)
            }
            inFlight += reducer.reduce(&state, event)
        }
        self.init(reducer, state: state, inFlight: inFlight, reportFailure: reportFailure)
    }

    /// Sends `event`; `expectedEffects` must be exactly the effects produced, and `update` must turn the
    /// previous state into exactly the new one. An event that answers a request must answer an outstanding
    /// effect.
    public mutating func send(
        _ event: Reducer.Event, effects expectedEffects: [Reducer.Effect] = [],
        _ update: (inout Reducer.State) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        if let requestID = event.answersRequest {
            if let index = outstanding.firstIndex(where: { $0.requestID == requestID }) {
                outstanding.remove(at: index)
            } else {
                reportFailure("\(event) answers request \(requestID), which no outstanding effect carries", file, line)
            }
        }
        apply(event, expectedEffects, update, file: file, line: line)
    }

    /// Sends an answer that no outstanding effect awaits: one delivered twice (an effect run again after a worker
    /// took the store over), or to a request never made. Tests of stale answers use it; an answer to an
    /// outstanding effect fails here.
    public mutating func sendStray(
        _ event: Reducer.Event, effects expectedEffects: [Reducer.Effect] = [],
        _ update: (inout Reducer.State) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        if let requestID = event.answersRequest, outstanding.contains(where: { $0.requestID == requestID }) {
            reportFailure("\(event) answers an outstanding effect: send it as its answer", file, line)
        } else if event.answersRequest == nil {
            reportFailure("\(event) answers no request", file, line)
        }
        apply(event, expectedEffects, update, file: file, line: line)
    }

    private mutating func apply(
        _ event: Reducer.Event, _ expectedEffects: [Reducer.Effect], _ update: (inout Reducer.State) -> Void,
        file: StaticString, line: UInt
    ) {
        var expected = state
        update(&expected)
        let effects = reducer.reduce(&state, event)
        XCTAssertEqual(state, expected, "state after \(event)", file: file, line: line)
        XCTAssertEqual(effects, expectedEffects, "effects of \(event)", file: file, line: line)
        outstanding += effects
        if let contract = Reducer.contract {
            for violation in contract.modelViolations(reducer.model(of: state)) {
                reportFailure(
                    "the model after \(event) breaks \(contract.modelName)'s schema: \(violation)", file, line)
            }
        }
    }

    /// Sends an action as the store would receive it.
    public mutating func receive(
        _ action: Reducer.Action, effects expectedEffects: [Reducer.Effect] = [],
        _ update: (inout Reducer.State) -> Void = { _ in },
        file: StaticString = #filePath, line: UInt = #line
    ) {
        send(Reducer.actionReceived(action), effects: expectedEffects, update, file: file, line: line)
    }

    /// The effect ran and nothing answers it (it has no request id): it is no longer outstanding.
    public mutating func run(_ effect: Reducer.Effect, file: StaticString = #filePath, line: UInt = #line) {
        if let requestID = effect.requestID {
            reportFailure("\(effect) is answered by request \(requestID): send its answer instead", file, line)
        }
        take(effect, file: file, line: line)
    }

    /// The test does not follow this effect further (its answer would not change what the test shows).
    public mutating func skip(_ effect: Reducer.Effect, file: StaticString = #filePath, line: UInt = #line) {
        take(effect, file: file, line: line)
    }

    /// Fails on every effect still outstanding.
    public func finish(file: StaticString = #filePath, line: UInt = #line) {
        for effect in outstanding {
            reportFailure("\(effect) was neither answered nor run nor skipped", file, line)
        }
    }

    private mutating func take(_ effect: Reducer.Effect, file: StaticString, line: UInt) {
        guard let index = outstanding.firstIndex(of: effect) else {
            return reportFailure("\(effect) is not outstanding", file, line)
        }
        outstanding.remove(at: index)
    }
}
