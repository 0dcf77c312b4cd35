import DocumentCapture
import DocumentCaptureTesting
import XCTest

final class FrameMeasuresTests: XCTestCase {
    private let quad = DocumentQuad(
        topLeft: FramePoint(x: 240, y: 108), topRight: FramePoint(x: 1040, y: 108),
        bottomRight: FramePoint(x: 1040, y: 612), bottomLeft: FramePoint(x: 240, y: 612))

    private func judged(
        document: Bool = true, kind: DocumentKind? = .id1, fill: Double = 0.44, cutOff: Bool = false,
        sharpness: Double = 1000, exposure: Double = 170, glare: Double = 0
    ) -> FrameQuality {
        FrameMeasures(
            width: 1280, height: 720, document: document ? quad : nil, documentKind: kind, aspectRatio: 1.587,
            fill: fill, cutOff: cutOff, sharpness: sharpness, exposure: exposure, glare: glare
        ).quality
    }

    func testVerdictIsTheFirstProblemInTheOrderNoDocumentCutOffTooSmallTooDarkTooBrightGlareBlurry() {
        XCTAssertEqual(judged(), .good)
        XCTAssertEqual(judged(document: false, cutOff: true), .noDocument)
        XCTAssertEqual(judged(kind: nil), .noDocument)
        XCTAssertEqual(judged(kind: nil, fill: 0.1, cutOff: true), .cutOff)
        XCTAssertEqual(judged(fill: 0.1, exposure: 10), .tooSmall)
        XCTAssertEqual(judged(sharpness: 10, exposure: 10, glare: 0.5), .tooDark)
        XCTAssertEqual(judged(sharpness: 10, exposure: 250, glare: 0.1), .tooBright)
        XCTAssertEqual(judged(sharpness: 10, glare: 0.5), .tooBright)
        XCTAssertEqual(judged(sharpness: 10, glare: 0.1), .glare)
        XCTAssertEqual(judged(sharpness: 10), .blurry)
    }

    func testValuesExactlyAtTheirLimitsAreStillAccepted() {
        let limits = CaptureThresholds.default
        XCTAssertEqual(
            judged(
                fill: limits.minFill, sharpness: limits.minSharpness, exposure: limits.minExposure,
                glare: limits.maxGlare), .good)
        XCTAssertEqual(judged(exposure: limits.maxExposure), .good)
        XCTAssertEqual(judged(sharpness: 10, glare: limits.maxSaturated), .glare)
    }

    func testAspectRatiosMatchTheNearestFormatWithinTheTolerance() {
        XCTAssertEqual(DocumentKind.matching(aspectRatio: 1.586, tolerance: 0.12), .id1)
        XCTAssertEqual(DocumentKind.matching(aspectRatio: 1.42, tolerance: 0.12), .id3)
        XCTAssertEqual(DocumentKind.matching(aspectRatio: 1.75, tolerance: 0.12), .id1)
        XCTAssertEqual(DocumentKind.matching(aspectRatio: 1.30, tolerance: 0.12), .id3)
        XCTAssertNil(DocumentKind.matching(aspectRatio: 1.0, tolerance: 0.12))
        XCTAssertNil(DocumentKind.matching(aspectRatio: 1.8, tolerance: 0.12))
        XCTAssertNil(DocumentKind.matching(aspectRatio: .nan, tolerance: 0.12))
    }

    func testQuadFromAPolygonStartsAtTheCornerNearestTheTopLeftAndRunsClockwise() throws {
        let counterClockwise = [quad.bottomLeft, quad.bottomRight, quad.topRight, quad.topLeft]
        XCTAssertEqual(try XCTUnwrap(DocumentQuad(polygon: counterClockwise)), quad)
        XCTAssertNil(DocumentQuad(polygon: [quad.topLeft, quad.topRight, quad.bottomRight]))
    }

    func testCornerShiftIgnoresWhichCornerIsCalledTopLeft() throws {
        let relabelled = DocumentQuad(
            topLeft: quad.topRight, topRight: quad.bottomRight, bottomRight: quad.bottomLeft, bottomLeft: quad.topLeft)
        XCTAssertEqual(quad.largestCornerShift(from: relabelled), 0)
        var moved = quad
        moved.bottomLeft.x += 9
        XCTAssertEqual(quad.largestCornerShift(from: moved), 9, accuracy: 0.001)
    }
}
