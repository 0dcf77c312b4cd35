import Crypto
import XCTest

final class ConstantTimeTests: XCTestCase {
    func testEqualsComparesContentAndLength() {
        XCTAssertTrue(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        XCTAssertTrue(ConstantTime.equals([], []))
        XCTAssertFalse(ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        XCTAssertFalse(ConstantTime.equals([0, 2, 3], [1, 2, 3]))
        XCTAssertFalse(ConstantTime.equals([1, 2, 3], [1, 2]))
        XCTAssertFalse(ConstantTime.equals([], [0]))
    }
}
