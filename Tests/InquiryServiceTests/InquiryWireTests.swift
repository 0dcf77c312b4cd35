import FolioModel
import StoreKit
import XCTest

@testable import InquiryService

/// The wire shapes of docs/inquiry-store.md read back what they write, and the state survives a snapshot.
final class InquiryWireTests: InquiryReducerTestCase {
    func testAStageReadsBackFromItsOwnWireShape() throws {
        let stage = Fixtures.screenStage()
        XCTAssertEqual(try InquiryStage(json: stage.json, path: "stage"), stage)
    }

    func testTheStateOfARunningInquirySurvivesItsSnapshot() throws {
        var state = runningState()
        state.kept["phone"] = .phone(country: "US", national: "(201) 555-0123")
        state.fieldErrors["birth"] = "This date does not exist."
        state.retry = .folio(.submit(stepId: "personal", fields: ["a": 1], locale: "en"))
        state.failure = .openFailed(.network(message: "x"), entryIsResume: false)
        state.retryRequestID = 7
        state.openRequestBase = 2
        state.pendingFolio = .read(locale: "de")
        state.pendingRequest = 8
        state.outcome = .completed
        XCTAssertEqual(try state.snapshot.decode(InquiryReducer.State.self), state)
        XCTAssertEqual(state.snapshot, try JSONValue(encoding: state), "the snapshot is what JSONEncoder would write")
    }

    /// Written before the request ledger: the request awaited is `pendingRequest`, the last id `nextRequestID`.
    func testASnapshotOfTheShapeBeforeTheRequestLedgerReadsBackAndKeepsItsShape() throws {
        let written: JSONValue = [
            "sdkLocale": "en", "deviceTimeZone": "UTC", "lifecycle": ["type": "IDLE"],
            "entry": ["type": "START", "value": ["launchCode": "LC-1"]], "loading": true, "observing": false,
            "readingAsObserver": false, "fieldErrors": [:], "kept": [:], "identitySaves": [],
            "pendingRequest": 5, "nextRequestID": 5, "retryRequestID": 4, "openRequestBase": 3,
        ]
        let state = try written.decode(InquiryReducer.State.self)
        XCTAssertEqual(state.requests, RequestLedger(lastIssued: 5, awaited: [.init(id: 5, purpose: .answer)]))
        XCTAssertEqual(state.pendingRequest, 5)
        XCTAssertEqual(state.nextRequestID, 5)
        XCTAssertEqual(state.retryRequestID, 4)
        XCTAssertEqual(state.openRequestBase, 3)
        XCTAssertEqual(state.snapshot, written)
        XCTAssertEqual(try JSONValue(encoding: state), written)

        var idle = state
        idle.pendingRequest = nil
        XCTAssertNil(try JSONValue(encoding: idle)["pendingRequest"], "no request awaited: no member, as before")
        XCTAssertEqual(try idle.snapshot.decode(InquiryReducer.State.self), idle)
    }

    func testAnEffectWithBytesSurvivesItsSnapshot() throws {
        let effect = InquiryReducer.Effect.callFolio(
            requestID: 9, saved, .upload(field: "scan", fileName: "a.jpg", mimeType: "image/jpeg", bytes: [1, 2, 3]))
        XCTAssertEqual(try JSONValue(encoding: effect).decode(InquiryReducer.Effect.self), effect)
    }

    func testAnActionReadsItsWireShapeAndRefusesUnknownMembersWithAPath() throws {
        let json: JSONValue = [
            "type": "ACT",
            "value": ["type": "EDIT", "value": ["key": "name", "value": ["type": "TEXT", "value": ["text": "Ada"]]]],
        ]
        XCTAssertEqual(try InquiryReducer.decodeAction(json), .act(.edit(key: "name", value: .text(text: "Ada"))))
        XCTAssertThrowsError(
            try InquiryReducer.decodeAction(["type": "ACT", "value": ["type": "EDIT", "value": ["kee": "x"]]])
        ) {
            XCTAssertTrue(String(describing: $0).contains("action.value.value"), "\($0)")
        }
        XCTAssertEqual(
            try InquiryReducer.decodeAction([
                "type": "OPEN", "value": ["entry": ["type": "RESUME", "value": ["source": ["type": "SAME_DEVICE"]]]],
            ]),
            .open(entry: .resume(source: .sameDevice(inquiryId: nil))))
    }

    func testTerminalOutcomeIsAPlainStringOnTheWire() {
        XCTAssertEqual(
            InquiryLifecycle.closed(outcome: .completed).json, ["type": "CLOSED", "value": ["outcome": "COMPLETED"]])
    }

    func testTheModelOfANewStoreIsIdleWithChromeTextsInTheSDKLanguage() {
        let model = checkedModel(of: .init(sdkLocale: "de-CH", deviceTimeZone: "UTC"))
        XCTAssertEqual(model["lifecycle"], ["type": "IDLE"])
        XCTAssertEqual(model["loading"], false)
        XCTAssertNil(model["inquiry"])
        XCTAssertEqual(model["chrome"]?["back"], "Zurück")
    }
}

extension InquiryWireTests {
    func testAnIdleStoresModelIsTheSameAsBuiltForAnyOtherState() {
        var idle = InquiryReducer.State(sdkLocale: "de", deviceTimeZone: "UTC")
        let shared = checkedModel(of: idle)
        XCTAssertEqual(
            shared,
            [
                "chrome": InquiryChromeView(locale: LocaleTag("de")!).json, "loading": false,
                "lifecycle": ["type": "IDLE"],
            ])
        idle.loading = true
        idle.entry = .start(launchCode: "x")
        XCTAssertEqual(checkedModel(of: idle)["loading"], true, "an opened store builds its own model")
    }
}
