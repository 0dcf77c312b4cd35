import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// A reducer test that starts from an inquiry showing its first step.
class InquiryReducerTestCase: XCTestCase {
    typealias Fixtures = InquiryFixtures
    let saved = InquiryFixtures.saved

    func runningState(stage: InquiryStage = InquiryFixtures.screenStage(), deviceTimeZone: String = "UTC")
        -> InquiryReducer.State
    {
        var state = InquiryReducer.State(sdkLocale: "en", deviceTimeZone: deviceTimeZone)
        state.entry = .start(launchCode: "LC-1")
        state.access = saved
        state.stage = try? stage.normalizingLinks()
        state.status = .pending
        state.locale = "en"
        state.lifecycle = .started(inquiryId: saved.inquiryId, correlationId: saved.correlationId)
        state.nextRequestID = 3
        return state
    }

    func running(stage: InquiryStage = InquiryFixtures.screenStage(), deviceTimeZone: String = "UTC")
        -> ReducerTester<InquiryReducer>
    {
        ReducerTester(InquiryReducer(), state: runningState(stage: stage, deviceTimeZone: deviceTimeZone))
    }

    /// Sends `action` to a store showing its first step and asserts that it asks Folio for `request` as request 4:
    /// loading, the request pending, nothing else changed. Returns the effect, which the test answers or skips.
    @discardableResult
    func receiveAskingFolio(
        _ store: inout ReducerTester<InquiryReducer>, _ action: InquiryAction, _ request: FolioInquiryRequest,
        file: StaticString = #filePath, line: UInt = #line
    ) -> InquiryReducer.Effect {
        let effect = InquiryReducer.Effect.callFolio(requestID: 4, saved, request)
        store.receive(
            action, effects: [effect],
            {
                $0.loading = true
                $0.pendingRequest = 4
                $0.pendingFolio = request
                $0.nextRequestID = 4
            }, file: file, line: line)
        return effect
    }

    /// The model's field with `id`, as a client sees it.
    func shownField(_ id: String, in state: InquiryReducer.State) -> JSONValue? {
        let model = checkedModel(of: state)
        guard case .array(let containers)? = model["inquiry"]?["stage"]?["content"]?["value"]?["containers"] else {
            return nil
        }
        for container in containers {
            guard case .array(let elements)? = container["elements"] else { continue }
            for element in elements
            where element["type"] == "FIELD" && element["value"]?["value"]?["id"]?.stringValue == id {
                return element["value"]?["value"]
            }
        }
        return nil
    }
}
