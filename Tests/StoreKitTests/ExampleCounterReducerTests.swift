import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// The example reducer under the whole-state, every-effect discipline.
final class ExampleCounterReducerTests: XCTestCase {
    func testIncrementChangesOnlyTheCount() {
        var store = ReducerTester(ExampleCounter(), state: .init())
        store.receive(.increment(by: 2)) { $0.count = 2 }
        store.receive(.increment(by: -5)) { $0.count = -3 }
        store.finish()
    }

    func testEchoRunsAnEffectAndItsAnswerComesBackAsAnEvent() {
        var store = ReducerTester(ExampleCounter(), state: .init())
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 1 }
        store.send(.echoed(text: "HI")) {
            $0.pendingEchoes = 0
            $0.lastEcho = "HI"
        }
        store.finish()
    }

    func testFrameTakesTheQueueAndEverythingElseSkipsIt() {
        XCTAssertEqual(ExampleCounter.lane(of: .frame), .queued)
        XCTAssertEqual(ExampleCounter.lane(of: .increment(by: 1)), .skipsQueue)
        XCTAssertEqual(ExampleCounter.lane(of: .echo(text: "")), .skipsQueue)
    }

    func testActionsDecodeFromTheirWireShape() throws {
        XCTAssertEqual(try ExampleCounter.decodeAction(["type": "INCREMENT", "value": ["by": 3]]), .increment(by: 3))
        XCTAssertEqual(try ExampleCounter.decodeAction(["type": "FRAME"]), .frame)
        XCTAssertThrowsError(try ExampleCounter.decodeAction(["type": "INCREMENT"]))
        XCTAssertThrowsError(try ExampleCounter.decodeAction(["type": "NOPE"]))
        XCTAssertThrowsError(try ExampleCounter.decodeAction("INCREMENT"))
    }

    func testModelIsTheWireShape() {
        let model = ExampleCounter().model(of: .init(count: 4, pendingEchoes: 1, lastEcho: nil, frames: 2))
        XCTAssertEqual(model, ["count": 4, "pending": 1, "lastEcho": nil, "frames": 2])
    }
}
