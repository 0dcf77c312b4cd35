import DocumentCapture
import DocumentCaptureTesting
import XCTest

final class FrameAnalyzerTests: XCTestCase {
    /// A sharp ID-1 card turned 12°, drawn once for every test that changes it.
    static let sharpCard = TestFrames.frame(card: TestCard(centreX: 620, centreY: 350, width: 820, rotationDegrees: 12))

    func testSharpID1CardOnDeskIsGoodID1WithEveryCornerWithinThreePixelsOfTheDrawnOne() throws {
        let frame = Self.sharpCard
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .good)
        XCTAssertEqual(measures.documentKind, .id1)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testID3CardOnDeskIsGoodID3WithEveryCornerWithinThreePixelsOfTheDrawnOne() throws {
        let frame = TestFrames.frame(card: TestCard(kind: .id3, width: 760, rotationDegrees: -6))
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .good)
        XCTAssertEqual(measures.documentKind, .id3)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testID1CardTiltedTwentyFiveDegreesIsGoodID1WithEveryCornerWithinThreePixelsOfTheDrawnOne() throws {
        let frame = TestFrames.frame(card: TestCard(width: 820, rotationDegrees: 4, tiltDegrees: 25))
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .good)
        XCTAssertEqual(measures.documentKind, .id1)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testDarkCardOnLightDeskIsGoodID1WithEveryCornerWithinThreePixelsOfTheDrawnOne() throws {
        var frame = Self.sharpCard
        frame.luma = frame.luma.map { 255 - $0 }
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .good)
        XCTAssertEqual(measures.documentKind, .id1)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testCardBoxBlurredThreeTimesWithRadiusTwoIsBlurryWithItsQuadStillFound() throws {
        let frame = TestFrames.blurred(Self.sharpCard, radius: 2, passes: 3)
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .blurry)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testCardWithLumaScaledToThreeTenthsIsTooDark() {
        XCTAssertEqual(TestFrames.scaled(Self.sharpCard, by: 0.3).measured().quality, .tooDark)
    }

    func testCardWithLumaScaledByFiveQuartersIsTooBrightWithMoreThanMaxSaturatedClipped() {
        let measures = TestFrames.scaled(Self.sharpCard, by: 1.25).measured()
        XCTAssertEqual(measures.quality, .tooBright)
        XCTAssertGreaterThan(measures.glare, CaptureThresholds.default.maxSaturated)
    }

    func testSaturatedBlobOverTheCardIsGlare() {
        let frame = TestFrames.withGlare(Self.sharpCard, x: 660, y: 360, radius: 110)
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .glare)
        XCTAssertGreaterThan(measures.glare, CaptureThresholds.default.maxGlare)
    }

    func testCardCoveringSixPercentOfTheFrameIsFoundButTooSmall() throws {
        let frame = TestFrames.frame(card: TestCard(centreX: 400, centreY: 300, width: 300))
        let measures = frame.measured()
        XCTAssertEqual(measures.quality, .tooSmall)
        XCTAssertEqual(measures.fill, 0.062, accuracy: 0.005)
        try assertCorners(of: measures, within: 3, of: frame)
    }

    func testCardCrossingTheRightEdgeIsCutOff() {
        let measures = TestFrames.frame(card: TestCard(centreX: 1100, width: 800)).measured()
        XCTAssertEqual(measures.quality, .cutOff)
        XCTAssertTrue(measures.cutOff)
    }

    func testCardCrossingTheTopAndBottomEdgesIsCutOff() {
        let measures = TestFrames.frame(card: TestCard(width: 820, rotationDegrees: 90, tiltDegrees: 25)).measured()
        XCTAssertEqual(measures.quality, .cutOff)
    }

    func testDeskWithoutCardIsNoDocumentWithTheDesksMeanLumaAsExposure() {
        let measures = TestFrames.frame(card: nil).measured()
        XCTAssertEqual(measures.quality, .noDocument)
        XCTAssertNil(measures.document)
        XCTAssertEqual(measures.exposure, 92, accuracy: 3)
    }

    func testDegenerateSizesAndShortBuffersGiveNoDocument() {
        let analyzer = FrameAnalyzer()
        let bytes = [UInt8](repeating: 200, count: 64 * 64)
        for (width, height) in [(0, 0), (1, 1), (31, 64), (64, 31), (-64, -64), (-1, 64), (65, 64), (Int.max, 2)] {
            let measures = analyzer.measure(luma: bytes, width: width, height: height)
            XCTAssertEqual(measures.quality, .noDocument, "\(width)x\(height)")
            XCTAssertNil(measures.document, "\(width)x\(height)")
        }
        XCTAssertEqual(analyzer.measure(luma: [], width: 0, height: 0).quality, .noDocument)
        XCTAssertEqual(analyzer.measure(luma: bytes, width: 64, height: 64).quality, .noDocument)
    }

    func testSameFrameMeasuredTwiceGivesEqualMeasures() {
        XCTAssertEqual(Self.sharpCard.measured(), Self.sharpCard.measured())
    }

    /// Every drawn corner has a found corner within `tolerance` pixels, and the other way round.
    private func assertCorners(
        of measures: FrameMeasures, within tolerance: Float, of frame: TestFrame, line: UInt = #line
    ) throws {
        let quad = try XCTUnwrap(measures.document, line: line)
        let drawn = frame.corners
        for corner in drawn {
            let nearest = quad.corners.map { $0.distance(to: corner) }.min() ?? .infinity
            XCTAssertLessThanOrEqual(nearest, tolerance, "drawn corner \(corner), found \(quad.corners)", line: line)
        }
        for corner in quad.corners {
            let nearest = drawn.map { $0.distance(to: corner) }.min() ?? .infinity
            XCTAssertLessThanOrEqual(nearest, tolerance, "found corner \(corner), drawn \(drawn)", line: line)
        }
    }
}
