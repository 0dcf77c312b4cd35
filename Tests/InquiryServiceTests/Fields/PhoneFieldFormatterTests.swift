import XCTest

@testable import InquiryService

final class PhoneFieldFormatterTests: XCTestCase {
    private let phone = PhoneFieldFormatter()

    func testGermanNumberFormatsAsTypedAndSubmitsE164() {
        let text = phone.text(region: "DE", nationalText: "030123456")
        XCTAssertEqual(text.display, "030 123456")
        XCTAssertEqual(text.fullNumber, "+4930123456")
    }

    func testUSNumberFormatsAsTypedAndSubmitsE164() {
        let text = phone.text(region: "US", nationalText: "2015550123")
        XCTAssertEqual(text.display, "(201) 555-0123")
        XCTAssertEqual(text.fullNumber, "+12015550123")
    }

    func testBritishNumberFormatsAsTypedAndSubmitsE164() {
        let text = phone.text(region: "GB", nationalText: "07400123456")
        XCTAssertEqual(text.display, "07400 123456")
        XCTAssertEqual(text.fullNumber, "+447400123456")
    }

    func testTheRegionCodeMayBeLowerCase() {
        XCTAssertEqual(phone.text(region: "gb", nationalText: "07400123456").fullNumber, "+447400123456")
    }

    func testItsOwnDisplayTextGivesTheSameResult() {
        for (region, typed) in [("DE", "030123456"), ("US", "2015550123"), ("GB", "07400123456")] {
            let first = phone.text(region: region, nationalText: typed)
            XCTAssertEqual(phone.text(region: region, nationalText: first.display), first, region)
        }
    }

    func testAnIncompleteNumberStillSubmitsWhatItShows() {
        // libphonenumber keeps the national prefix of a number too short to be one.
        let text = phone.text(region: "DE", nationalText: "0301")
        XCTAssertEqual(text.display, "030 1")
        XCTAssertEqual(text.fullNumber, "+490301")
    }

    func testASingleDigitThatDoesNotParseSubmitsCountryCodeAndDigits() {
        XCTAssertEqual(phone.text(region: "US", nationalText: "2"), PhoneFieldText(display: "2", fullNumber: "+12"))
    }

    func testNoDigitsShowAndSubmitNothing() {
        XCTAssertEqual(phone.text(region: "DE", nationalText: ""), PhoneFieldText(display: "", fullNumber: ""))
        XCTAssertEqual(phone.text(region: "DE", nationalText: " - "), PhoneFieldText(display: "", fullNumber: ""))
    }

    func testStrayCharactersAreDroppedNotFatal() {
        XCTAssertEqual(phone.text(region: "DE", nationalText: "030x123+456").fullNumber, "+4930123456")
        XCTAssertEqual(phone.text(region: "DE", nationalText: "٠٣٠١٢٣٤٥٦").fullNumber, "+4930123456")
    }

    func testAnUnknownRegionFallsBackToTheDialCode() {
        let text = phone.text(region: "XX", dialCode: "+49", nationalText: "030 123456")
        XCTAssertEqual(text, PhoneFieldText(display: "030123456", fullNumber: "+49030123456"))
    }

    func testFullNumberFromDialCodeJoinsTheDigits() {
        XCTAssertEqual(PhoneFieldFormatter.fullNumber(dialCode: "+49", nationalText: "30 123-456"), "+4930123456")
        XCTAssertEqual(PhoneFieldFormatter.fullNumber(dialCode: "+1", nationalText: ""), "")
    }
}
