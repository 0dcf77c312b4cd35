import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// The example counter whose model writes one member more than its contract's ExampleModel allows.
private struct CounterWithAnUndeclaredMember: StoreReducer {
    let counter = ExampleCounter()

    static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> ExampleCounter.Action {
        try ExampleCounter.decodeAction(json)
    }
    static func lane(of action: ExampleCounter.Action) -> ActionLane { ExampleCounter.lane(of: action) }
    static func actionReceived(_ action: ExampleCounter.Action) -> ExampleCounter.Event {
        ExampleCounter.actionReceived(action)
    }
    static let contract: StoreContract? = ExampleStoreMethods.contract

    func reduce(_ state: inout ExampleCounter.State, _ event: ExampleCounter.Event) -> [ExampleCounter.Effect] {
        counter.reduce(&state, event)
    }

    func model(of state: ExampleCounter.State) -> JSONValue {
        guard case .object(var members) = counter.model(of: state) else { return .null }
        members["extra"] = 1
        return .object(members)
    }
}

extension ReducerTesterTests {
    func testAModelThatBreaksTheReducersContractIsReportedAfterTheStep() {
        let findings = Findings()
        var store = ReducerTester(
            CounterWithAnUndeclaredMember(), state: .init(), reportFailure: findings.report)
        store.receive(.increment(by: 1)) { $0.count = 1 }
        XCTAssertEqual(
            findings.messages,
            [
                "the model after actionReceived(FolioAPI.ExampleAction.increment(by: 1)) breaks ExampleModel's schema: "
                    + "$: extra is not a member the schema allows"
            ])
    }
}
