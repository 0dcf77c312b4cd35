import DocumentCapture
import DocumentCaptureTesting
import Foundation
import XCTest

final class CaptureDeciderTests: XCTestCase {
    /// The measures of a drawn sharp card, analysed once.
    static let measuredCard = FrameAnalyzerTests.sharpCard.measured()

    /// Timestamps of a 30 fps camera.
    private func millis(ofFrame index: Int) -> Int64 { Int64(index) * 100 / 3 }

    /// A good 1280×720 frame with an 800×504 card whose top-left corner is at (x, y).
    private func good(x: Float = 240, y: Float = 108) -> FrameMeasures {
        measures(x: x, y: y, sharpness: 1000)
    }

    private func blurry() -> FrameMeasures { measures(x: 240, y: 108, sharpness: 20) }

    private func measures(x: Float, y: Float, sharpness: Double) -> FrameMeasures {
        FrameMeasures(
            width: 1280, height: 720,
            document: DocumentQuad(
                topLeft: FramePoint(x: x, y: y), topRight: FramePoint(x: x + 800, y: y),
                bottomRight: FramePoint(x: x + 800, y: y + 504), bottomLeft: FramePoint(x: x, y: y + 504)),
            documentKind: .id1, aspectRatio: 1.587, fill: 0.44, cutOff: false, sharpness: sharpness, exposure: 170,
            glare: 0)
    }

    func testStableGoodFramesAt30FpsDecideExactlyOnceAfterTheHoldWithRemainingMillisDecreasing() {
        let measures = Self.measuredCard
        XCTAssertEqual(measures.quality, .good)
        var decider = CaptureDecider()
        var decisions: [(millis: Int64, decision: CaptureDecision)] = []
        for index in 0..<40 {
            let now = millis(ofFrame: index)
            decisions.append((now, decider.observe(measures, atMillis: now)))
        }
        XCTAssertEqual(decisions[0].decision.trigger, .suggested)
        let remaining = decisions.compactMap { entry -> Int64? in
            if case .aboutToDecide(let remaining) = entry.decision.trigger { return remaining }
            return nil
        }
        XCTAssertFalse(remaining.isEmpty)
        XCTAssertEqual(remaining, remaining.sorted(by: >))
        XCTAssertEqual(Set(remaining).count, remaining.count, "remainingMillis repeats: \(remaining)")
        XCTAssertEqual(decisions.filter(\.decision.shouldCapture).count, 1)
        let decidedAt = decisions.firstIndex { $0.decision.trigger == .decided }
        XCTAssertEqual(decidedAt, 18, "the first frame at least 600 ms after the first one")
        if let decidedAt {
            XCTAssertTrue(decisions[decidedAt].decision.shouldCapture)
            XCTAssertTrue(decisions[(decidedAt + 1)...].allSatisfy { $0.decision.trigger == .decided })
        }
    }

    func testCardShiftedFivePercentOfTheDiagonalBetweenFramesIsMovingAndStaysSuggested() throws {
        let shift = 0.05 * (1280.0 * 1280 + 720 * 720).squareRoot()
        let first = FrameAnalyzerTests.sharpCard.measured()
        let second = TestFrames.frame(
            card: TestCard(centreX: 620 + shift, centreY: 350, width: 820, rotationDegrees: 12)
        ).measured()
        XCTAssertEqual(second.quality, .good)
        var decider = CaptureDecider()
        XCTAssertEqual(decider.observe(first, atMillis: 0).trigger, .suggested)
        let decision = decider.observe(second, atMillis: 33)
        XCTAssertEqual(decision.trigger, .suggested)
        XCTAssertEqual(decision.quality, .moving)
        XCTAssertFalse(decision.shouldCapture)
    }

    func testCardShiftedFiveTenthsOfAPercentOfTheDiagonalIsSteadyAndHolds() {
        var decider = CaptureDecider()
        _ = decider.observe(good(x: 240), atMillis: 0)
        let decision = decider.observe(good(x: 247), atMillis: 33)
        XCTAssertEqual(decision.trigger, .aboutToDecide(remainingMillis: 567))
        XCTAssertEqual(decision.quality, .good)
    }

    func testFramesThatAreNotGoodKeepTheDeciderSearching() {
        var decider = CaptureDecider()
        for index in 0..<30 {
            let decision = decider.observe(blurry(), atMillis: millis(ofFrame: index))
            XCTAssertEqual(decision.trigger, .searching)
            XCTAssertEqual(decision.quality, .blurry)
            XCTAssertFalse(decision.shouldCapture)
        }
    }

    func testBlurryFrameDuringTheHoldFallsBackToSearchingAndTheHoldStartsOver() {
        var decider = CaptureDecider()
        for index in 0..<10 { _ = decider.observe(good(), atMillis: millis(ofFrame: index)) }
        XCTAssertEqual(decider.observe(blurry(), atMillis: millis(ofFrame: 10)).trigger, .searching)
        XCTAssertEqual(decider.observe(good(), atMillis: millis(ofFrame: 11)).trigger, .suggested)
        XCTAssertEqual(
            decider.observe(good(), atMillis: millis(ofFrame: 12)).trigger,
            .aboutToDecide(remainingMillis: 600 - (millis(ofFrame: 12) - millis(ofFrame: 11))))
    }

    func testMovedFrameDuringTheHoldFallsBackToSuggestedAndTheHoldStartsOver() {
        var decider = CaptureDecider()
        for index in 0..<10 { _ = decider.observe(good(), atMillis: millis(ofFrame: index)) }
        let moved = decider.observe(good(x: 340), atMillis: millis(ofFrame: 10))
        XCTAssertEqual(moved.trigger, .suggested)
        XCTAssertEqual(moved.quality, .moving)
        XCTAssertEqual(
            decider.observe(good(x: 340), atMillis: millis(ofFrame: 11)).trigger,
            .aboutToDecide(remainingMillis: 600 - (millis(ofFrame: 11) - millis(ofFrame: 10))))
    }

    func testGoodFrameMoreThanMaxFrameGapAfterThePreviousOneIsSuggestedAndRestartsTheHold() {
        var decider = CaptureDecider()
        _ = decider.observe(good(), atMillis: 0)
        XCTAssertEqual(decider.observe(good(), atMillis: 100).trigger, .aboutToDecide(remainingMillis: 500))
        let late = decider.observe(good(), atMillis: 351)
        XCTAssertEqual(late.trigger, .suggested)
        XCTAssertEqual(late.quality, .good)
        XCTAssertEqual(decider.observe(good(), atMillis: 400).trigger, .aboutToDecide(remainingMillis: 551))
    }

    func testTimestampsRunningBackwardsOrAtTheInt64LimitsRestartTheHoldInsteadOfDeciding() {
        var decider = CaptureDecider()
        _ = decider.observe(good(), atMillis: 1000)
        XCTAssertEqual(decider.observe(good(), atMillis: 500).trigger, .suggested)
        XCTAssertEqual(decider.observe(good(), atMillis: .min).trigger, .suggested)
        XCTAssertEqual(decider.observe(good(), atMillis: .max).trigger, .suggested)
        XCTAssertFalse(decider.isDecided)
    }

    func testDecidedDeciderIgnoresFurtherFramesAndItsStateStaysEqual() {
        var decider = CaptureDecider()
        var index = 0
        while !decider.isDecided, index < 100 {
            _ = decider.observe(good(), atMillis: millis(ofFrame: index))
            index += 1
        }
        XCTAssertTrue(decider.isDecided)
        let decided = decider
        for (offset, measures) in [good(), blurry(), good(x: 600), good()].enumerated() {
            let decision = decider.observe(measures, atMillis: millis(ofFrame: index + offset))
            XCTAssertEqual(decision.trigger, .decided)
            XCTAssertFalse(decision.shouldCapture)
        }
        XCTAssertEqual(decider, decided)
    }

    func testResetStartsOverAtSearchingWithTheSameSettingsAndDecidesAgain() {
        var decider = CaptureDecider(holdMillis: 300, maxCornerShift: 0.02, maxFrameGapMillis: 100)
        var index = 0
        while !decider.isDecided, index < 100 {
            _ = decider.observe(good(), atMillis: millis(ofFrame: index))
            index += 1
        }
        decider.reset()
        XCTAssertEqual(decider, CaptureDecider(holdMillis: 300, maxCornerShift: 0.02, maxFrameGapMillis: 100))
        XCTAssertEqual(decider.observe(blurry(), atMillis: millis(ofFrame: index)).trigger, .searching)
        var captures = 0
        for next in (index + 1)..<(index + 30)
        where decider.observe(good(), atMillis: millis(ofFrame: next)).shouldCapture {
            captures += 1
        }
        XCTAssertEqual(captures, 1)
    }

    func testDeciderRoundTripsThroughJSONInUnder300Bytes() throws {
        var decider = CaptureDecider()
        for index in 0..<5 {
            _ = decider.observe(Self.measuredCard, atMillis: 1_700_000_000_000 + millis(ofFrame: index))
        }
        let data = try JSONEncoder().encode(decider)
        XCTAssertLessThan(data.count, 300, String(decoding: data, as: UTF8.self))
        var decoded = try JSONDecoder().decode(CaptureDecider.self, from: data)
        XCTAssertEqual(decoded, decider)
        let next = 1_700_000_000_000 + millis(ofFrame: 5)
        XCTAssertEqual(
            decoded.observe(Self.measuredCard, atMillis: next), decider.observe(Self.measuredCard, atMillis: next))
    }
}
