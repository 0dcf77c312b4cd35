import VaultService
import XCTest

final class VaultCreateBatchesTests: XCTestCase {
    func testACallHoldsAtMostFiveHundredCreatesInOrder() {
        XCTAssertEqual(
            VaultCreateBatches.cut(Array(repeating: 100, count: 1_001)), [0..<500, 500..<1_000, 1_000..<1_001])
    }

    func testACallEndsBeforeTheCreateThatWouldTakeItPastItsBytes() {
        let size = 100 * 1024
        XCTAssertEqual(VaultCreateBatches.cut(Array(repeating: size, count: 10)), [0..<7, 7..<10])
    }

    func testACreateLargerThanACallsBytesGoesAlone() {
        XCTAssertEqual(
            VaultCreateBatches.cut([10, VaultCreateBatches.bytes + 1, 10]), [0..<1, 1..<2, 2..<3])
    }

    func testNoCreatesMakeNoCalls() {
        XCTAssertEqual(VaultCreateBatches.cut([]), [])
    }

    func testACreatesSizeCountsItsBytesInBase64URLAndItsStrings() {
        XCTAssertEqual(
            VaultCreateBatches.size(bodyBytes: 1_200, keyBytes: 72, clientID: "D_1", schema: "note"),
            1_272 * 4 / 3 + 3 + 4 + 160)
    }
}
