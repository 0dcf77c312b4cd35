import FolioModel
import Foundation
import StoreKitTesting
import XCTest

@testable import InquiryService

/// Edit and Submit (spec "Field values").
final class InquiryReducerFieldTests: InquiryReducerTestCase {
    func testRuleTheStoreKeepsEditedValuesAndSubmitSendsEveryFieldWithItsKeptValueOrItsDefault() {
        var store = running()
        store.receive(.act(.edit(key: "color", value: .selection(value: "blue")))) {
            $0.kept["color"] = .selection("blue")
        }
        store.receive(.act(.edit(key: "terms", value: .toggle(checked: true)))) { $0.kept["terms"] = .toggle(true) }
        let fields: JSONObject = [
            "name": "Ada", "code": .null, "birth": .null, "appointment": .null, "phone": .null, "color": "blue",
            "terms": true, "scan": .null,
        ]
        store.receive(
            .act(.submit),
            effects: [.callFolio(requestID: 4, saved, .submit(stepId: "personal", fields: fields, locale: "en"))]
        ) {
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = .submit(stepId: "personal", fields: fields, locale: "en")
            $0.nextRequestID = 4
        }
        XCTAssertEqual(shownField("color", in: store.state)?["value"], "blue")
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(.callFolio(requestID: 4, saved, .submit(stepId: "personal", fields: fields, locale: "en")))
        store.finish()
    }

    func testRuleAMaskedFieldAppliesItsMaskAndShowsTheMaskedText() {
        var store = running()
        store.receive(.act(.edit(key: "code", value: .text(text: "12345x6")))) { $0.kept["code"] = .text("12-345") }
        XCTAssertEqual(shownField("code", in: store.state)?["value"], "12-345")
        store.finish()
    }

    func testRuleAMaskedFieldFailsWithPlatformForAnyOtherValueType() {
        var store = running()
        store.receive(.act(.edit(key: "code", value: .selection(value: "1")))) {
            $0.error = .platform(message: "MASKED field code does not take SELECTION")
        }
        store.finish()
    }

    func testRuleATypedDateFieldShowsTheMaskedTextAndSubmitsTheISODate() {
        var store = running()
        store.send(.actionReceived(.act(.edit(key: "birth", value: .text(text: "01021990"))), at: Fixtures.noon)) {
            $0.kept["birth"] = .text("01.02.1990")
        }
        XCTAssertEqual(shownField("birth", in: store.state)?["value"], "01.02.1990")
        guard case .screen(let screen)? = store.state.stage?.content else { return XCTFail("no screen") }
        XCTAssertEqual(FieldSubmission.values(of: screen, kept: store.state.kept)["birth"], "1990-02-01")
        store.finish()
    }

    func testRuleADateThatDoesNotExistIsShownInTheFieldsErrorAndSubmitSendsNothing() {
        var store = running()
        store.send(.actionReceived(.act(.edit(key: "birth", value: .text(text: "31.02.1990"))), at: Fixtures.noon)) {
            $0.kept["birth"] = .text("31.02.1990")
            $0.fieldErrors["birth"] = "This date does not exist."
        }
        XCTAssertEqual(shownField("birth", in: store.state)?["error"], "This date does not exist.")
        store.receive(.act(.submit))
        store.finish()
    }

    func testRuleAFutureDateTheFieldDoesNotAllowAndAnAgeUnderTheMinimumAreViolations() {
        var store = running()
        store.send(.actionReceived(.act(.edit(key: "birth", value: .text(text: "01.01.2030"))), at: Fixtures.noon)) {
            $0.kept["birth"] = .text("01.01.2030")
            $0.fieldErrors["birth"] = "The date cannot be in the future."
        }
        store.send(.actionReceived(.act(.edit(key: "birth", value: .text(text: "01.01.2015"))), at: Fixtures.noon)) {
            $0.kept["birth"] = .text("01.01.2015")
            $0.fieldErrors["birth"] = "You must be at least 18 years old."
        }
        store.send(.actionReceived(.act(.edit(key: "birth", value: .text(text: "01.01.1990"))), at: Fixtures.noon)) {
            $0.kept["birth"] = .text("01.01.1990")
            $0.fieldErrors["birth"] = nil
        }
        store.finish()
    }

    func testRuleADateWithTimeTakesAPickedDateStaysEmptyUntilPickedAndRefusesTypedText() {
        var store = running()
        XCTAssertNil(shownField("appointment", in: store.state)?["value"])
        store.receive(.act(.edit(key: "appointment", value: .text(text: "2026")))) {
            $0.error = .platform(message: "appointment takes a picked date and time as DATE")
        }
        // 2026-06-01 is a Monday.
        store.send(
            .actionReceived(.act(.edit(key: "appointment", value: .date(value: "2026-06-01T09:30"))), at: Fixtures.noon)
        ) {
            $0.kept["appointment"] = .dateTime("2026-06-01T09:30")
        }
        XCTAssertEqual(shownField("appointment", in: store.state)?["value"], "2026-06-01T09:30")
        store.finish()
    }

    func testRuleADisabledWeekdayIsAViolation() {
        var store = running()
        // 2026-05-31 is a Sunday.
        store.send(
            .actionReceived(.act(.edit(key: "appointment", value: .date(value: "2026-05-31T10:00"))), at: Fixtures.noon)
        ) {
            $0.kept["appointment"] = .dateTime("2026-05-31T10:00")
            $0.fieldErrors["appointment"] = "This day of the week cannot be chosen."
        }
        store.finish()
    }

    func testRuleTodayIsTheDateInTheFieldsZoneOrInTheDevicesZoneWhenTheFieldNamesNone() {
        // 2026-05-31T23:30Z is already June 1st in Berlin, still May 31st in UTC.
        let lateEvening = Date(timeIntervalSince1970: 1_780_270_200)
        var constraints = try? DateConstraints(json: Fixtures.dateConstraints(allowFuture: false), path: "c")
        constraints?.allowPast = true
        guard let constraints else { return XCTFail("constraints") }
        XCTAssertEqual(
            DateChecking.violationText(
                typed: "01.06.2026", constraints: constraints, at: lateEvening,
                deviceTimeZone: "UTC", locale: .english),
            "The date cannot be in the future.")
        XCTAssertNil(
            DateChecking.violationText(
                typed: "01.06.2026", constraints: constraints, at: lateEvening,
                deviceTimeZone: "Europe/Berlin", locale: .english))
        var zoned = constraints
        zoned.timeZone = "Europe/Berlin"
        XCTAssertNil(
            DateChecking.violationText(
                typed: "01.06.2026", constraints: zoned, at: lateEvening,
                deviceTimeZone: "UTC", locale: .english))
    }

    func testRuleAPhoneTakesItsCountryAndNumberUnderItsInputIdsAndBuildsTheFullNumberUnderItsKey() {
        var store = running()
        store.receive(.act(.edit(key: "phone.country", value: .selection(value: "US")))) {
            $0.kept["phone"] = .phone(country: "US", national: "")
        }
        store.receive(.act(.edit(key: "phone.national", value: .text(text: "2015550123")))) {
            $0.kept["phone"] = .phone(country: "US", national: "(201) 555-0123")
        }
        let shown = shownField("phone", in: store.state)
        XCTAssertEqual(shown?["input"]?["country"]?["selected"]?["country"], "US")
        XCTAssertEqual(shown?["input"]?["national"]?["text"], "(201) 555-0123")
        XCTAssertNil(shown?["value"], "a phone field has no value")
        guard case .screen(let screen)? = store.state.stage?.content else { return XCTFail("no screen") }
        XCTAssertEqual(FieldSubmission.values(of: screen, kept: store.state.kept)["phone"], "+12015550123")
        store.finish()
    }

    func testRuleAnEditUnderThePhonesOwnKeyACountryOutsideTheOptionsOrAnotherValueTypeFailsWithPlatform() {
        var store = running()
        store.receive(.act(.edit(key: "phone", value: .text(text: "1")))) {
            $0.error = .platform(
                message: "a phone field takes its country and number under input.country.field and input.national.field"
            )
        }
        store.receive(.act(.edit(key: "phone.country", value: .selection(value: "FR")))) {
            $0.error = .platform(message: "FR is not a country option of phone")
        }
        store.receive(.act(.edit(key: "phone.national", value: .toggle(checked: true)))) {
            $0.error = .platform(message: "phone.national of phone phone does not take TOGGLE")
        }
        store.finish()
    }

    func testRuleAnUntouchedPhoneSubmitsTheNumberItsInputShows() {
        var stage = Fixtures.screenStage()
        stage.mapFields { field in
            if field.kind == .phone { field.input?.nationalText = "030 1234567" }
        }
        let state = runningState(stage: stage)
        guard case .screen(let screen)? = state.stage?.content else { return XCTFail("no screen") }
        XCTAssertEqual(FieldSubmission.values(of: screen, kept: state.kept)["phone"], "+49301234567")
    }

    func testRuleAChoiceOutsideTheOptionsAndAnUnknownKeyFailWithPlatform() {
        var store = running()
        store.receive(.act(.edit(key: "color", value: .selection(value: "green")))) {
            $0.error = .platform(message: "green is not an option of color")
        }
        store.receive(.act(.edit(key: "nope", value: .text(text: "x")))) {
            $0.error = .platform(message: "no field nope on this step")
        }
        store.finish()
    }
}

extension InquiryReducerFieldTests {
    func testRuleAnEditOfEitherPhoneInputClearsTheErrorOfThatPhone() {
        for input in ["phone.country", "phone.national"] {
            var stage = Fixtures.screenStage()
            stage.mapFields { field in
                if field.kind == .phone { field.error = "Folio did not accept this number." }
            }
            var store = running(stage: stage)
            XCTAssertEqual(shownField("phone", in: store.state)?["error"], "Folio did not accept this number.")
            let value: InquiryFieldValue = input == "phone.country" ? .selection(value: "DE") : .text(text: "030")
            store.receive(.act(.edit(key: input, value: value))) {
                $0.stage?.mapFields { field in
                    if field.kind == .phone { field.error = nil }
                }
                $0.kept["phone"] = .phone(country: "DE", national: input == "phone.country" ? "" : "030")
            }
            XCTAssertNil(shownField("phone", in: store.state)?["error"])
            store.finish()
        }
    }

    func testRuleEditingAFieldClearsTheErrorFolioSentForIt() {
        var stage = Fixtures.screenStage()
        stage.mapFields { field in
            if field.key == "name" { field.error = "Too short." }
        }
        var store = running(stage: stage)
        store.receive(.act(.edit(key: "name", value: .text(text: "Ada Lovelace")))) {
            $0.stage?.mapFields { field in
                if field.key == "name" { field.error = nil }
            }
            $0.kept["name"] = .text("Ada Lovelace")
        }
        store.finish()
    }
}
