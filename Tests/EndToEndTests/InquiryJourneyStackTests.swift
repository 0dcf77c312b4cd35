import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// InquiryStore journeys through the whole stack (Gateway → InquiryService → Folio, the emulator, and
/// PostgreSQL): a full inquiry with every field kind, resumes on the same device, and the errors the spec
/// (`inquiry-store.md`) places in the model, produced with the emulator's knobs and faults.
extension FoundationStackTests {
    // MARK: journey helpers

    /// Dispatches `action` and follows the store until a model it produced satisfies `done`.
    @discardableResult
    func journeySend(
        _ store: String, _ action: JSONValue, token: String, until done: @escaping (JSONValue) -> Bool
    ) async throws -> JSONValue {
        try await dispatch(store, action, token: token)
        let before = versionsBeforeDispatch.withLock { $0[store] } ?? -1
        return try await follow(store, token: token, afterVersion: before, until: done)
    }

    /// Dispatches `action` and follows the store until it shows step `id` with no request running.
    @discardableResult
    func journeyGo(_ store: String, _ action: JSONValue, to id: String, token: String) async throws -> JSONValue {
        try await journeySend(store, action, token: token) {
            self.stepID($0) == id && $0["loading"] == false
        }
    }

    /// Dispatches `action` and follows the store until a request ended with an error or a failure notice.
    func journeyFails(_ store: String, _ action: JSONValue, token: String) async throws -> JSONValue {
        try await journeySend(store, action, token: token) {
            $0["loading"] == false && ($0["error"] != nil || $0["failure"] != nil)
        }
    }

    /// The submissions Folio recorded for `stepID`.
    func journeySubmissions(_ inquiryID: String, step stepID: String) async throws
        -> [FolioEmulatorInquiry.Submission]
    {
        try await admin.inquiry(id: inquiryID).submissions.filter { $0.stepId == stepID }
    }

    /// A failure notice and lifecycle Failed with `error`, before the first step.
    func journeyAssertFailure(
        _ model: JSONValue, error: String, title: String, retry: Bool, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(model["lifecycle"]?["type"], "FAILED", "\(model)", file: file, line: line)
        XCTAssertEqual(model["lifecycle"]?["value"]?["error"]?["type"]?.stringValue, error, file: file, line: line)
        XCTAssertEqual(model["failure"]?["title"]?.stringValue, title, "\(model)", file: file, line: line)
        XCTAssertEqual(model["failure"]?["close"], "Close", file: file, line: line)
        XCTAssertEqual(model["failure"]?["retry"] != nil, retry, "retry offered: \(model)", file: file, line: line)
        XCTAssertNil(model["inquiry"], "no inquiry to show", file: file, line: line)
        XCTAssertEqual(model["loading"], false, file: file, line: line)
    }

    // MARK: 1. a full inquiry

    /// Spec "Field values", "Language", "Stages" and "Lifecycle": every field kind is kept, shaped and submitted
    /// as Folio takes it; Back shows the submitted values again; SetLocale saves the SDK language and changes
    /// every text; Complete shows the normalized redirect while the lifecycle stays Started until Close.
    func testInquiryFullJourneyFillsEveryFieldKindAndCompletesWithTheRedirect() async throws {
        let inquiry = try await createInquiry()
        let runtime = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: runtime.token, timeZone: "Europe/Berlin")
        let token = runtime.token
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: token)

        // personal: text, masked, typed date, date with time.
        try await dispatch(store, editText("full_name", "Jane Doe"), token: token)
        try await dispatch(store, editText("customer_number", "12345"), token: token)
        try await dispatch(store, editText("birth_date", "12041990"), token: token)
        let personal = try await journeySend(
            store, edit("appointment", "DATE", ["value": "2030-06-04T10:30"]), token: token
        ) { self.modelField($0, "f_appointment")?["value"]?["value"] == "2030-06-04T10:30" }
        XCTAssertEqual(modelField(personal, "f_customer_number")?["value"]?["value"], "12-345", "masked as typed")
        XCTAssertEqual(modelField(personal, "f_birth_date")?["value"]?["value"], "12.04.1990", "the date's mask")
        XCTAssertNil(modelField(personal, "f_birth_date")?["value"]?["error"], "an adult's birth date")
        XCTAssertNil(personal["error"], "\(personal)")
        var model = try await journeyGo(store, act("SUBMIT"), to: "contact", token: token)

        // contact: phone (country and national number), url, text area, number, address.
        let phone = try XCTUnwrap(modelField(model, "f_phone")?["value"], "\(model)")
        let countryField = try XCTUnwrap(phone["input"]?["country"]?["field"]?.stringValue, "\(phone)")
        let nationalField = try XCTUnwrap(phone["input"]?["national"]?["field"]?.stringValue, "\(phone)")
        try await dispatch(store, edit(countryField, "SELECTION", ["value": "DE"]), token: token)
        try await dispatch(store, editText(nationalField, "15112345678"), token: token)
        try await dispatch(store, editText("website", "https://jane.example.org"), token: token)
        try await dispatch(store, editText("notes", "Line one\nLine two"), token: token)
        try await dispatch(store, editText("household_size", "3"), token: token)
        let address: JSONValue = [
            ["part": "LINE1", "value": "Hauptstraße 1"], ["part": "CITY", "value": "Berlin"],
            ["part": "POSTAL_CODE", "value": "10115"], ["part": "COUNTRY", "value": "DE"],
        ]
        model = try await journeySend(store, edit("address", "ADDRESS", ["parts": address]), token: token) {
            self.modelField($0, "f_address")?["value"]?["value"] == address
        }
        XCTAssertEqual(modelField(model, "f_phone")?["value"]?["input"]?["country"]?["selected"]?["country"], "DE")
        XCTAssertNotNil(modelField(model, "f_phone")?["value"]?["input"]?["national"]?["text"]?.stringValue)
        model = try await journeyGo(store, act("SUBMIT"), to: "choices", token: token)

        // choices: country, select, multi-select, radio, checkbox, checkbox group, file.
        try await dispatch(store, edit("nationality", "SELECTION", ["value": "DE"]), token: token)
        try await dispatch(store, edit("document_type", "SELECTION", ["value": "passport"]), token: token)
        try await dispatch(
            store, edit("interests", "SELECTIONS", ["values": ["savings", "loans"]]), token: token)
        try await dispatch(store, edit("contact_preference", "SELECTION", ["value": "email"]), token: token)
        try await dispatch(store, edit("terms", "TOGGLE", ["checked": true]), token: token)
        try await dispatch(store, edit("consents", "SELECTIONS", ["values": ["research"]]), token: token)
        let proof = Array("%PDF-1.4 proof".utf8)
        let upload = act(
            "UPLOAD",
            [
                "field": "f_proof_of_address", "fileName": "proof.pdf", "mimeType": "application/pdf",
                "bytes": .string(Data(proof).base64EncodedString()),
            ])
        model = try await journeySend(store, upload, token: token) {
            $0["loading"] == false
                && ($0["error"] != nil
                    || self.modelField($0, "f_proof_of_address")?["value"]?["value"]?["fileId"] != nil)
        }
        XCTAssertNil(model["error"], "the upload reached Folio: \(model)")
        let file = try XCTUnwrap(modelField(model, "f_proof_of_address")?["value"]?["value"], "\(model)")
        XCTAssertEqual(file["fileName"], "proof.pdf")
        XCTAssertEqual(file["sizeBytes"]?.intValue, Int64(proof.count))
        model = try await journeySend(store, act("SUBMIT"), token: token) {
            $0["loading"] == false && (self.stepID($0) == "review" || $0["error"] != nil)
        }
        XCTAssertEqual(stepID(model), "review", "\(model["error"] ?? nil)")

        // Back once: the choices come back with the values Folio recorded.
        model = try await journeyGo(store, act("BACK"), to: "choices", token: token)
        XCTAssertEqual(modelField(model, "f_nationality")?["value"]?["value"], "DE")
        XCTAssertEqual(modelField(model, "f_document_type")?["value"]?["value"], "passport")
        XCTAssertEqual(modelField(model, "f_interests")?["value"]?["value"], ["savings", "loans"])
        XCTAssertEqual(modelField(model, "f_contact_preference")?["value"]?["value"], "email")
        XCTAssertEqual(modelField(model, "f_terms")?["value"]?["value"], true)
        XCTAssertEqual(modelField(model, "f_consents")?["value"]?["value"], ["research"])
        XCTAssertEqual(modelField(model, "f_proof_of_address")?["value"]?["value"]?["fileId"], file["fileId"])
        // Submitted again untouched: every field goes with the value the step shows.
        model = try await journeySend(store, act("SUBMIT"), token: token) {
            $0["loading"] == false && (self.stepID($0) == "review" || $0["error"] != nil)
        }
        XCTAssertEqual(stepID(model), "review", "\(model["error"] ?? nil)")
        XCTAssertEqual(model["chrome"]?["close"], "Close")
        let terms = modelElements(model).first { $0["type"] == "BUTTON" && $0["value"]?["id"] == "terms" }
        XCTAssertEqual(
            terms?["value"]?["intent"]?["value"]?["target"]?["value"]?["url"], "https://folio.id/terms%20of%20use",
            "a step's link is normalized")

        // The language: saved as the runtime's SDK language, then every text in German.
        let title = modelElements(model).first { $0["value"]?["id"] == "review_title" }?["value"]?["text"]
        model = try await journeySend(store, act("SET_LOCALE", ["locale": "de"]), token: token) {
            $0["inquiry"]?["locale"] == "de" && $0["loading"] == false
        }
        XCTAssertEqual(model["chrome"]?["close"], "Schließen", "the chrome follows the inquiry's language")
        XCTAssertEqual(model["chrome"]?["title"], "Identitätsprüfung")
        let german = modelElements(model).first { $0["value"]?["id"] == "review_title" }?["value"]?["text"]
        XCTAssertNotNil(german)
        XCTAssertNotEqual(german, title, "Folio's texts are in German")
        XCTAssertEqual(
            modelElements(model).first { $0["type"] == "LANGUAGE_SELECTOR" }?["value"]?["currentLocale"], "de")
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        let rows = try await database.query("SELECT locale FROM runtimes WHERE id = \(runtime.runtimeID)")
        let saved = try rows.first?.decode(String?.self, "locale")
        await database.close()
        XCTAssertEqual(saved, "de", "the runtime's SDK language is saved")

        // Complete: the terminal stage with the redirect, still Started until Close.
        model = try await journeySend(store, act("COMPLETE"), token: token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL" && $0["loading"] == false
        }
        XCTAssertEqual(
            model["inquiry"]?["stage"]?["content"]?["value"],
            [
                "outcome": "COMPLETED",
                "redirect": ["type": "UNIVERSAL", "value": ["url": "https://app.example.com/done"]],
            ])
        XCTAssertEqual(model["inquiry"]?["status"], "COMPLETED")
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED", "a final status stays Started until Close")
        XCTAssertEqual(model["lifecycle"]?["value"]?["inquiryId"]?.stringValue, inquiry.id)
        XCTAssertNil(model["error"])
        model = try await journeySend(store, ["type": "CLOSE"], token: token) { $0["lifecycle"]?["type"] == "CLOSED" }
        XCTAssertEqual(model["lifecycle"], ["type": "CLOSED", "value": ["outcome": "COMPLETED"]])

        // Folio recorded each Submit once, with the values shaped as it takes them.
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.status, "COMPLETED")
        XCTAssertEqual(stored.submissions.map(\.stepId), ["personal", "contact", "choices", "choices"])
        let first = try XCTUnwrap(stored.submissions.first?.fields)
        XCTAssertEqual(first["full_name"], "Jane Doe")
        XCTAssertEqual(first["customer_number"], "12-345", "the masked text")
        XCTAssertEqual(first["birth_date"], "1990-04-12", "a typed date goes as an ISO date")
        XCTAssertEqual(first["appointment"], "2030-06-04T10:30")
        let second = stored.submissions[1].fields
        XCTAssertEqual(second["phone"], "+4915112345678", "the phone as E.164")
        XCTAssertEqual(second["website"], "https://jane.example.org")
        XCTAssertEqual(second["notes"], "Line one\nLine two")
        XCTAssertEqual(second["household_size"]?.doubleValue, 3, "a number as a JSON number")
        XCTAssertEqual(second["address"], address)
        for choices in stored.submissions[2...] {
            XCTAssertEqual(choices.fields["nationality"], "DE")
            XCTAssertEqual(choices.fields["document_type"], "passport")
            XCTAssertEqual(choices.fields["interests"], ["savings", "loans"])
            XCTAssertEqual(choices.fields["contact_preference"], "email")
            XCTAssertEqual(choices.fields["terms"], true)
            XCTAssertEqual(choices.fields["consents"], ["research"])
            XCTAssertEqual(choices.fields["proof_of_address"]?["fileId"], file["fileId"])
        }
        XCTAssertEqual(stored.files.map(\.fileName), ["proof.pdf"])
        XCTAssertEqual(stored.files.first?.field, "proof_of_address")
        XCTAssertEqual(stored.files.first?.sizeBytes, proof.count)
    }

    // MARK: 2. no redirect

    /// Spec "Stages": without a redirect the Terminal stage has none, and Close ends it with its outcome.
    func testInquirySimpleTemplateFinishesWithoutARedirect() async throws {
        let inquiry = try await createInquiry("tmpl_simple")
        let (token, _, _) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "name", token: token)
        try await dispatch(store, editText("name", "Omar"), token: token)
        try await journeyGo(store, act("SUBMIT"), to: "review", token: token)
        var model = try await journeySend(store, act("COMPLETE"), token: token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL" && $0["loading"] == false
        }
        XCTAssertEqual(model["inquiry"]?["stage"]?["content"]?["value"], ["outcome": "COMPLETED"], "no redirect")
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        model = try await journeySend(store, ["type": "CLOSE"], token: token) { $0["lifecycle"]?["type"] == "CLOSED" }
        XCTAssertEqual(model["lifecycle"], ["type": "CLOSED", "value": ["outcome": "COMPLETED"]])
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.submissions.map(\.fields), [["name": "Omar"]])

        // Spec "Actions": the next Open starts a new inquiry on the same store.
        let next = try await createInquiry("tmpl_simple")
        model = try await journeySend(store, openInquiry(next.code), token: token) {
            $0["loading"] == false && (self.stepID($0) == "name" || $0["failure"] != nil)
        }
        XCTAssertEqual(stepID(model), "name", "\(model)")
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, next.id)
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        try await dispatch(store, editText("name", "Ada"), token: token)
        try await journeyGo(store, act("SUBMIT"), to: "review", token: token)
        let nextStored = try await admin.inquiry(id: next.id)
        XCTAssertEqual(nextStored.submissions.map(\.fields), [["name": "Ada"]])
    }

    // MARK: 3. resume on the same device

    /// Spec "Entries": a runtime of the same device resumes its current inquiry, or the one it names, at the
    /// step it reached; an inquiry the device has not saved is NoActiveInquiry, a notice without retry.
    func testInquiryResumesOnTheSameDeviceAtTheSameStep() async throws {
        let inquiry = try await createInquiry()
        let first = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: first.token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: first.token)
        try await dispatch(store, editText("full_name", "Jane Doe"), token: first.token)
        try await journeyGo(store, act("SUBMIT"), to: "contact", token: first.token)

        let second = try await inquiryRuntime(deviceCredential: first.device)
        XCTAssertEqual(second.device, first.device)
        let current = try await mountInquiryStore(token: second.token)
        var model = try await journeyGo(current, resumeInquiry(), to: "contact", token: second.token)
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        XCTAssertEqual(model["lifecycle"]?["value"]?["inquiryId"]?.stringValue, inquiry.id)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, inquiry.id)

        let named = try await mountInquiryStore(token: second.token)
        model = try await journeyGo(named, resumeInquiry(inquiry.id), to: "contact", token: second.token)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, inquiry.id)
        // It continues from there: a Submit moves it on at Folio.
        try await journeyGo(named, act("SUBMIT"), to: "choices", token: second.token)
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.stepId, "choices")
        XCTAssertEqual(stored.launchExchanges, 1, "a resume exchanges nothing")

        let unknown = try await mountInquiryStore(token: second.token)
        model = try await journeyFails(unknown, resumeInquiry("inq_notsavedonthisdevice"), token: second.token)
        journeyAssertFailure(model, error: "NO_ACTIVE_INQUIRY", title: "No verification to continue", retry: false)
    }

    // MARK: 4. an exchanged code again

    /// Spec "Entries": a Start with a code this device already exchanged resumes that inquiry without a second
    /// exchange.
    func testInquiryStartWithAnExchangedCodeResumesWithoutASecondExchange() async throws {
        let inquiry = try await createInquiry()
        let first = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: first.token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: first.token)
        try await dispatch(store, editText("full_name", "Jane Doe"), token: first.token)
        try await journeyGo(store, act("SUBMIT"), to: "contact", token: first.token)

        let second = try await inquiryRuntime(deviceCredential: first.device)
        let again = try await mountInquiryStore(token: second.token)
        let model = try await journeyGo(again, openInquiry(inquiry.code), to: "contact", token: second.token)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, inquiry.id)
        XCTAssertNil(model["failure"])
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.launchExchanges, 1, "no second exchange")

        // The same code on the same store after Close opens it again too.
        try await dispatch(again, ["type": "CLOSE"], token: second.token)
        try await journeyGo(again, openInquiry(inquiry.code), to: "contact", token: second.token)
        let after = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(after.launchExchanges, 1)
    }

    // MARK: 5. errors

    /// Spec "Entries" and "Failure notice": launch answers the store refuses end Open with a notice whose texts
    /// name the error, without retry.
    func testInquiryRefusedLaunchesShowFailureNoticesWithoutRetry() async throws {
        let (token, _, _) = try await inquiryRuntime()

        var store = try await mountInquiryStore(token: token)
        var model = try await journeyFails(store, openInquiry("ilc_unknownlaunchcode"), token: token)
        journeyAssertFailure(model, error: "LAUNCH_CODE_INVALID", title: "This link does not work", retry: false)

        // The same store: each Open after a failure starts afresh.
        let withoutID = try await createInquiry(launchAnswer: .withoutInquiryId)
        model = try await journeyFails(store, openInquiry(withoutID.code), token: token)
        journeyAssertFailure(model, error: "NO_ACTIVE_INQUIRY", title: "No verification to continue", retry: false)

        let badSignature = try await createInquiry(launchAnswer: .badAttestationSignature)
        model = try await journeyFails(store, openInquiry(badSignature.code), token: token)
        journeyAssertFailure(
            model, error: "WINDOW_ATTESTATION_INVALID", title: "This verification cannot be trusted", retry: false)

        let badLink = try await createInquiry("tmpl_badlink")
        store = try await mountInquiryStore(token: token)
        model = try await journeyFails(store, openInquiry(badLink.code), token: token)
        XCTAssertEqual(model["lifecycle"]?["value"]?["error"]?["type"], "INVALID_LINK", "\(model)")
        XCTAssertNotNil(model["lifecycle"]?["value"]?["error"]?["value"]?["url"]?.stringValue)
        XCTAssertNotNil(model["failure"], "the first step failed to store: \(model)")
        XCTAssertNil(model["failure"]?["retry"])
        XCTAssertNil(model["inquiry"], "the previous state (none) stays")
    }

    /// Spec "Failure notice": Folio unavailable for the launch is a notice with retry; Retry opens the same
    /// entry again and reaches the first step.
    func testInquiryUnavailableLaunchIsRetriedToTheFirstStep() async throws {
        let inquiry = try await createInquiry()
        let (token, _, _) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        _ = try await admin.injectFault(EmulatorFault(route: "POST /v1/inquiries/launch", count: 1, status: 503))
        let model = try await journeyFails(store, openInquiry(inquiry.code), token: token)
        journeyAssertFailure(model, error: "INTERNAL", title: "Verification unavailable", retry: true)
        XCTAssertEqual(model["failure"]?["retry"], "Try again")
        XCTAssertEqual(model["error"]?["retryable"], true)
        _ = try await admin.clearFaults()
        let opened = try await journeyGo(store, act("RETRY"), to: "personal", token: token)
        XCTAssertEqual(opened["lifecycle"]?["type"], "STARTED")
        XCTAssertNil(opened["failure"])
        XCTAssertNil(opened["error"])
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.launchExchanges, 1)
    }

    /// Spec "Errors in the model": a submit Folio answers with 503, or whose answer is lost, is a retryable
    /// banner; Retry sends it again and Folio records the submission once.
    func testInquiryFailedSubmitsAreRetriedAndRecordedOnce() async throws {
        let inquiry = try await createInquiry()
        let (token, _, _) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: token)
        try await dispatch(store, editText("full_name", "Jane Doe"), token: token)
        try await journeyGo(store, act("SUBMIT"), to: "contact", token: token)

        // 503: nothing recorded, Retry records it.
        let submit = "POST /v1/inquiries/{inquiryId}/submit"
        _ = try await admin.injectFault(EmulatorFault(route: submit, count: 1, status: 503))
        var model = try await journeyFails(store, act("SUBMIT"), token: token)
        XCTAssertEqual(model["error"], ["placement": ["type": "BANNER"], "retryable": true], "\(model)")
        XCTAssertEqual(stepID(model), "contact", "the step stays")
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        XCTAssertNil(model["failure"])
        try await journeyGo(store, act("RETRY"), to: "choices", token: token)
        var contact = try await journeySubmissions(inquiry.id, step: "contact")
        XCTAssertEqual(contact.count, 1)

        // Lost answers: Folio records the submission, the store sees a network failure; Retry replays it.
        try await dispatch(store, edit("terms", "TOGGLE", ["checked": true]), token: token)
        var drop = EmulatorFault(route: submit, count: 2)
        drop.drop = true
        drop.afterHandler = true
        _ = try await admin.injectFault(drop)
        model = try await journeyFails(store, act("SUBMIT"), token: token)
        XCTAssertEqual(model["error"]?["retryable"], true, "\(model)")
        XCTAssertEqual(model["error"]?["placement"], ["type": "BANNER"])
        XCTAssertEqual(stepID(model), "choices")
        _ = try await admin.clearFaults()
        try await journeyGo(store, act("RETRY"), to: "review", token: token)
        let choices = try await journeySubmissions(inquiry.id, step: "choices")
        XCTAssertEqual(choices.count, 1, "the retry replays the recorded submission")
        XCTAssertEqual(choices.first?.fields["terms"], true)
        contact = try await journeySubmissions(inquiry.id, step: "contact")
        XCTAssertEqual(contact.count, 1)
    }

    /// Spec "Errors in the model": FieldValidation is a banner with Folio's message; LinkRefused a banner with
    /// chrome.error.description; neither is retryable and the step stays.
    func testInquiryStepErrorsAreBannersWithTheirTexts() async throws {
        let inquiry = try await createInquiry()
        let (token, _, _) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: token)
        var model = try await journeyFails(store, act("SUBMIT"), token: token)
        XCTAssertEqual(
            model["error"],
            ["placement": ["type": "BANNER"], "text": "full_name: This field is required.", "retryable": false],
            "\(model)")
        XCTAssertEqual(stepID(model), "personal")
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        let recorded = try await journeySubmissions(inquiry.id, step: "personal")
        XCTAssertTrue(recorded.isEmpty, "a refused submission records nothing")

        model = try await journeySend(
            store, act("LINK_REFUSED", ["url": "https://folio.id/terms%20of%20use"]), token: token
        ) { $0["error"]?["text"] != nil && $0["error"]?["text"] != "full_name: This field is required." }
        XCTAssertEqual(
            model["error"],
            [
                "placement": ["type": "BANNER"],
                "text": .string(model["chrome"]?["error"]?["description"]?.stringValue ?? "-"),
                "retryable": false,
            ])
        XCTAssertEqual(model["error"]?["text"], "The link could not be opened on this device.")

        // The store's checks: Edit of a field the step does not have is Platform, a banner without text.
        model = try await journeySend(store, editText("no_such_field", "x"), token: token) {
            $0["error"]?["text"] == nil && $0["error"] != nil
        }
        XCTAssertEqual(model["error"], ["placement": ["type": "BANNER"], "retryable": false])
    }

    /// Spec "Failure notice": an inquiry Folio expired shows the expired notice at the next Status.
    func testInquiryExpiredAtFolioShowsTheExpiredNoticeAtTheNextStatus() async throws {
        let inquiry = try await createInquiry()
        let (token, _, device) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: token)
        try await admin.expireInquiry(id: inquiry.id)
        let model = try await journeyFails(store, ["type": "STATUS"], token: token)
        XCTAssertEqual(model["lifecycle"]?["type"], "FAILED", "\(model)")
        XCTAssertEqual(model["lifecycle"]?["value"]?["error"]?["type"], "EXPIRED")
        XCTAssertEqual(model["failure"]?["title"], "This verification has ended")
        XCTAssertNil(model["failure"]?["retry"])

        // Spec "Entries": a same-device resume that fails with Expired forgets the saved inquiry.
        let other = try await inquiryRuntime(deviceCredential: device)
        var resumed = try await mountInquiryStore(token: other.token)
        var again = try await journeyFails(resumed, resumeInquiry(), token: other.token)
        XCTAssertEqual(again["lifecycle"]?["value"]?["error"]?["type"], "EXPIRED", "\(again)")
        XCTAssertEqual(again["failure"]?["title"], "This verification has ended")
        XCTAssertNil(again["failure"]?["retry"])
        resumed = try await mountInquiryStore(token: other.token)
        again = try await journeyFails(resumed, resumeInquiry(), token: other.token)
        journeyAssertFailure(again, error: "NO_ACTIVE_INQUIRY", title: "No verification to continue", retry: false)
    }

    /// Spec conventions and "Actions": a malformed action is JSON-RPC -32602 with its path; after store.close,
    /// dispatch throws the closed-store error.
    func testInquiryMalformedActionsAndClosedStoresAreRefused() async throws {
        let (token, _, _) = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: token)
        let malformed: JSONValue = [
            "type": "OPEN",
            "value": ["entry": ["type": "START", "value": ["launchCode": "ilc_x"]], "surprise": true],
        ]
        let refused = try await rpc("store.dispatch", ["storeId": .string(store), "action": malformed], token: token)
        XCTAssertEqual(refused["error"]?["code"], -32602, "\(refused)")
        let path = try XCTUnwrap(refused["error"]?["data"]?.stringValue, "\(refused)")
        XCTAssertTrue(path.hasPrefix("action.value") && path.contains("surprise"), path)
        let idle = try await rpc("store.state", ["storeId": .string(store)], token: token)
        XCTAssertEqual(idle["result"]?["model"]?["lifecycle"], ["type": "IDLE"], "nothing was dispatched")

        let closed = try await rpc("store.close", ["storeId": .string(store)], token: token)
        XCTAssertEqual(closed["result"], .null, "\(closed)")
        let late = try await rpc(
            "store.dispatch", ["storeId": .string(store), "action": ["type": "STATUS"]], token: token)
        XCTAssertEqual(late["error"]?["code"], -32001, "the closed store: \(late)")
    }

    // MARK: 6. cancel

    /// Spec "Entries": Cancel cancels at Folio and the device forgets the inquiry.
    func testInquiryCancelCancelsAtFolioAndForgetsTheInquiryOnTheDevice() async throws {
        let inquiry = try await createInquiry()
        let first = try await inquiryRuntime()
        let store = try await mountInquiryStore(token: first.token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "personal", token: first.token)
        var model = try await journeySend(store, act("CANCEL"), token: first.token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL" && $0["loading"] == false
        }
        XCTAssertEqual(model["inquiry"]?["stage"]?["content"]?["value"], ["outcome": "CANCELED"])
        XCTAssertEqual(model["inquiry"]?["status"], "CANCELED")
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        let stored = try await admin.inquiry(id: inquiry.id)
        XCTAssertEqual(stored.status, "CANCELED")
        model = try await journeySend(store, ["type": "CLOSE"], token: first.token) {
            $0["lifecycle"]?["type"] == "CLOSED"
        }
        XCTAssertEqual(model["lifecycle"], ["type": "CLOSED", "value": ["outcome": "CANCELED"]])

        let second = try await inquiryRuntime(deviceCredential: first.device)
        let resumed = try await mountInquiryStore(token: second.token)
        model = try await journeyFails(resumed, resumeInquiry(), token: second.token)
        journeyAssertFailure(model, error: "NO_ACTIVE_INQUIRY", title: "No verification to continue", retry: false)
        let named = try await mountInquiryStore(token: second.token)
        model = try await journeyFails(named, resumeInquiry(inquiry.id), token: second.token)
        journeyAssertFailure(model, error: "NO_ACTIVE_INQUIRY", title: "No verification to continue", retry: false)
    }
}
