import DocumentCapture
import DocumentCaptureTesting
import FolioModel
import Foundation
import StoreKitTesting
import XCTest

@testable import InquiryService

/// Automatic document capture during a GOVERNMENT_ID SCAN (spec "Document capture").
final class InquiryReducerCaptureTests: InquiryReducerTestCase {
    typealias Steps = VerificationFixtures

    static let card = TestFrames.frame(card: TestCard(centreX: 630, centreY: 355, width: 820, rotationDegrees: 6))
    static let desk = TestFrames.frame(card: nil)

    private func frame(_ frame: TestFrame) -> InquiryIntent {
        .previewFrame(width: UInt32(frame.width), height: UInt32(frame.height), bytes: Bytes(frame.luma))
    }

    private func scanning() -> ReducerTester<InquiryReducer> {
        var state = runningState(stage: Steps.scan())
        state.capture = DocumentCaptureSession(key: "step_1/1/FRONT")
        return ReducerTester(InquiryReducer(), state: state)
    }

    private func at(_ millis: Int64) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + Double(millis) / 1000) }

    private func camera(_ state: InquiryReducer.State) -> JSONValue? {
        checkedModel(of: state)["inquiry"]?["stage"]?["content"]?["value"]?["value"]?["state"]?["value"]?[
            "camera"]
    }

    func testRuleAFrameOfAnyOtherSizeThanWidthTimesHeightSetsAPlatformError() {
        var store = scanning()
        store.receive(.act(.previewFrame(width: 4, height: 2, bytes: Bytes([0, 0, 0])))) {
            $0.error = .platform(message: "a 4x2 frame has 8 bytes, not 3")
        }
        store.finish()
    }

    func testRuleFramesAreIgnoredWhileNoDocumentScanIsActive() {
        var store = running(stage: Steps.selectDocument())
        store.send(.actionReceived(.act(frame(Self.card)), at: at(0)))
        store.send(.actionReceived(.act(.previewFrame(width: 4, height: 2, bytes: Bytes([0]))), at: at(1)))
        store.finish()
    }

    func testRuleSteadyGoodFramesGoFromSearchingThroughSuggestedAndAboutToDecideToDecidedOnceAndStayDecided() {
        var state = scanning().state
        XCTAssertEqual(camera(state), ["trigger": ["type": "SEARCHING"], "shouldCapture": false])
        var decided = 0
        var capturing = false
        var seen: [String] = []
        var remaining: [Int64] = []
        for index in 0..<30 {
            let before = state
            let event = InquiryReducer.Event.actionReceived(.act(frame(Self.card)), at: at(Int64(index) * 33))
            XCTAssertEqual(InquiryReducer().reduce(&state, event), [], "a frame sends nothing")
            var others = state
            others.capture = before.capture
            XCTAssertEqual(others, before, "a frame changes nothing but the capture")
            let shown = camera(state)
            let type = shown?["trigger"]?["type"]?.stringValue ?? ""
            if seen.last != type { seen.append(type) }
            if let millis = shown?["trigger"]?["value"]?["remainingMillis"]?.intValue { remaining.append(millis) }
            let shouldCapture = shown?["shouldCapture"] == true
            if shouldCapture, !capturing { decided += 1 }
            if capturing { XCTAssertTrue(shouldCapture, "frame \(index): a decided capture stays decided") }
            capturing = shouldCapture
        }
        XCTAssertEqual(seen, ["SUGGESTED", "ABOUT_TO_DECIDE", "DECIDED"])
        XCTAssertEqual(remaining, remaining.sorted(by: >), "remainingMillis counts down")
        XCTAssertEqual(decided, 1, "the capture decides once")
        XCTAssertTrue(capturing)
    }

    func testRuleFramesAreIgnoredOnceTheTriggerDecided() {
        var state = runningState(stage: Steps.scan())
        var session = DocumentCaptureSession(key: "step_1/1/FRONT")
        session.camera = IdCameraScreenView(trigger: .decided, shouldCapture: true)
        state.capture = session
        var store = ReducerTester(InquiryReducer(), state: state)
        store.send(.actionReceived(.act(frame(Self.desk)), at: at(0)))
        store.send(.actionReceived(.act(.previewFrame(width: 4, height: 2, bytes: Bytes([0]))), at: at(1)))
        store.finish()
    }

    func testRuleAFrameWithoutADocumentShowsSearching() {
        var store = scanning()
        store.send(.actionReceived(.act(frame(Self.desk)), at: at(0))) {
            $0.capture?.decider = {
                var decider = CaptureDecider()
                _ = decider.observe(Self.desk.measured(), atMillis: 1_800_000_000_000)
                return decider
            }()
        }
        XCTAssertEqual(camera(store.state), ["trigger": ["type": "SEARCHING"], "shouldCapture": false])
        store.finish()
    }

    func testRuleANewSideStartsANewCaptureDecision() {
        var state = runningState(stage: Steps.scan())
        var session = DocumentCaptureSession(key: "step_1/1/FRONT")
        session.camera = IdCameraScreenView(trigger: .decided, shouldCapture: true)
        state.capture = session
        let back = Steps.scan(side: "BACK")
        XCTAssertEqual(
            InquiryReducer.captureSession(for: back, current: state.capture),
            DocumentCaptureSession(key: "step_1/1/BACK"))
        XCTAssertEqual(InquiryReducer.captureSession(for: Steps.scan(), current: state.capture), session)
        XCTAssertNil(InquiryReducer.captureSession(for: Steps.governmentIdProcessing(), current: state.capture))
    }
}
