import StoreKit
import StoreKitTesting
import XCTest

/// The tester's own rules: every effect is followed to its end, and an answer must answer something.
final class ReducerTesterTests: XCTestCase {
    /// Collects what the tester reports instead of failing the test.
    final class Findings {
        var messages: [String] = []
        func report(_ message: String, _: StaticString, _: UInt) { messages.append(message) }
    }

    func makeTester(_ findings: Findings, inFlight: [ExampleCounter.Effect] = []) -> ReducerTester<ExampleCounter> {
        ReducerTester(ExampleCounter(), state: .init(), inFlight: inFlight, reportFailure: findings.report)
    }

    func testAnAnsweredEffectLetsTheTestFinish() {
        let findings = Findings()
        var store = makeTester(findings)
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 1 }
        store.send(.echoed(text: "HI")) {
            $0.pendingEchoes = 0
            $0.lastEcho = "HI"
        }
        store.finish()
        XCTAssertEqual(findings.messages, [])
    }

    func testFinishFailsOnAnUnansweredEffect() {
        let findings = Findings()
        var store = makeTester(findings)
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 1 }
        store.finish()
        XCTAssertEqual(findings.messages, [#"echo(text: "hi") was neither answered nor run nor skipped"#])
    }

    func testAnAnswerToAnEffectNeverAskedForFails() {
        let findings = Findings()
        var store = makeTester(findings)
        store.send(.echoed(text: "HI")) {
            $0.pendingEchoes = -1
            $0.lastEcho = "HI"
        }
        XCTAssertEqual(
            findings.messages, [#"echoed(text: "HI") answers request 0, which no outstanding effect carries"#])
    }

    func testAnEffectInFlightWhenTheTestBeganMayBeAnswered() {
        let findings = Findings()
        var store = makeTester(findings, inFlight: [.echo(text: "earlier")])
        store.send(.echoed(text: "EARLIER")) {
            $0.pendingEchoes = -1
            $0.lastEcho = "EARLIER"
        }
        store.finish()
        XCTAssertEqual(findings.messages, [])
    }

    func testSkippingAnEffectEndsItButOnlyAnOutstandingOne() {
        let findings = Findings()
        var store = makeTester(findings)
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 1 }
        store.skip(.echo(text: "hi"))
        store.skip(.echo(text: "hi"))
        store.finish()
        XCTAssertEqual(findings.messages, [#"echo(text: "hi") is not outstanding"#])
    }

    func testAnEffectWithARequestIdIsAnsweredNotRun() {
        let findings = Findings()
        var store = makeTester(findings)
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 1 }
        store.run(.echo(text: "hi"))
        XCTAssertEqual(findings.messages, [#"echo(text: "hi") is answered by request 0: send its answer instead"#])
    }

    func testAStrayAnswerMustNotAnswerAnOutstandingEffect() {
        let findings = Findings()
        var store = makeTester(findings)
        store.sendStray(.echoed(text: "LATE")) {
            $0.pendingEchoes = -1
            $0.lastEcho = "LATE"
        }
        XCTAssertEqual(findings.messages, [])
        store.receive(.echo(text: "hi"), effects: [.echo(text: "hi")]) { $0.pendingEchoes = 0 }
        store.sendStray(.echoed(text: "HI")) {
            $0.pendingEchoes = -1
            $0.lastEcho = "HI"
        }
        XCTAssertEqual(findings.messages, [#"echoed(text: "HI") answers an outstanding effect: send it as its answer"#])
    }
}
