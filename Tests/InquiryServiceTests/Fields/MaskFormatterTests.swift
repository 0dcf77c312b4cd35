import XCTest

@testable import InquiryService

final class MaskFormatterTests: XCTestCase {
    private let date = MaskFormatter(pattern: "##.##.####", maxLength: 10)

    func testALiteralIsInsertedWhenTheTypedDigitsReachIt() {
        XCTAssertEqual(date.apply("1203"), "12.03.")
        XCTAssertEqual(date.apply("12"), "12.")
        XCTAssertEqual(date.apply("1"), "1")
    }

    func testATypedLiteralAtItsPositionIsConsumed() {
        XCTAssertEqual(date.apply("12.03."), "12.03.")
        XCTAssertEqual(date.apply("12.03.2024"), "12.03.2024")
    }

    func testTypingOnFillsTheNextSlot() {
        XCTAssertEqual(date.apply("12032"), "12.03.2")
    }

    func testADifferentSeparatorIsReplacedByTheLiteral() {
        XCTAssertEqual(date.apply("12/03/2024"), "12.03.2024")
    }

    func testNonDigitsForASlotAreDropped() {
        XCTAssertEqual(date.apply("1a2b0x3"), "12.03.")
    }

    func testTextBeyondThePatternIsDropped() {
        XCTAssertEqual(date.apply("120320245678"), "12.03.2024")
    }

    func testMaxLengthCapsTheResult() {
        XCTAssertEqual(MaskFormatter(pattern: "####-####-####", maxLength: 9).apply("123456789012"), "1234-5678")
        XCTAssertEqual(MaskFormatter(pattern: "###", maxLength: 0).apply("123"), "")
    }

    func testTextWithoutDigitsGivesNothing() {
        XCTAssertEqual(date.apply(""), "")
        XCTAssertEqual(date.apply("abc."), "")
    }

    func testDigitsOfAnyScriptBecomeASCII() {
        XCTAssertEqual(date.apply("١٢٠٣"), "12.03.")
        XCTAssertEqual(date.apply("１２"), "12.")
    }

    func testLeadingLiteralsIncludingDigitsAreInserted() {
        let us = MaskFormatter(pattern: "+1 (###) ###-####", maxLength: nil)
        XCTAssertEqual(us.apply("5551234567"), "+1 (555) 123-4567")
        XCTAssertEqual(us.apply("+1 (555) 123-4567"), "+1 (555) 123-4567")
        XCTAssertEqual(us.apply("555"), "+1 (555) ")
    }

    func testApplyingTheMaskToItsResultChangesNothing() {
        for typed in ["", "1", "12", "1203", "12032", "12.03.2024", "99999999999", "a1.b2"] {
            let masked = date.apply(typed)
            XCTAssertEqual(date.apply(masked), masked, typed)
        }
    }

    /// Found by the mask fuzz target (Fuzz/Corpus/mask/regression-literal-without-slot): maxLength cut off every
    /// slot after a literal, which was inserted for the typed digits anyway, and applying the mask again dropped it.
    func testALiteralWithoutASlotWithinMaxLengthAfterItIsNotInserted() {
        let capped = MaskFormatter(pattern: "-#", maxLength: 1)
        XCTAssertEqual(capped.apply("1"), "")
        let fuzzed = MaskFormatter(pattern: ":" + String(repeating: "\0", count: 19) + "##", maxLength: 5)
        XCTAssertEqual(fuzzed.apply("123"), "")
        let dashes = MaskFormatter(pattern: "--##", maxLength: 3)
        XCTAssertEqual(dashes.apply("12"), "--1")
        XCTAssertEqual(dashes.apply(dashes.apply("12")), "--1")
        for typed in ["1", "12", "-", "--1"] {
            let masked = dashes.apply(typed)
            XCTAssertEqual(dashes.apply(masked), masked, typed)
        }
    }

    func testIsCompleteWhenEverySlotIsFilled() {
        XCTAssertTrue(date.isComplete("12.03.2024"))
        XCTAssertFalse(date.isComplete("12.03.202"))
        XCTAssertFalse(date.isComplete(""))
        XCTAssertEqual(date.slotCount, 8)
    }

    func testIsCompleteCountsOnlySlotsWithinMaxLength() {
        let capped = MaskFormatter(pattern: "####-####", maxLength: 4)
        XCTAssertEqual(capped.slotCount, 4)
        XCTAssertTrue(capped.isComplete("1234"))
    }
}
