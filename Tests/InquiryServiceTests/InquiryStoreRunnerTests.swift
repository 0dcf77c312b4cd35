import Bus
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import Synchronization
import TestSupport
import XCTest

@testable import InquiryService

/// The store with its effect runner: the device's memory in PostgreSQL, Folio faked, the runtime's queue.
final class InquiryStoreRunnerTests: XCTestCase {
    private var service: RunningService!
    var memory: InquiryDeviceMemory { InquiryDeviceMemory(database: service.context.database) }
    let calls = FolioCalls()

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "inquiry-runner")
        service = try await RunningService.start(
            try InquiryService.definition(), configuration: configuration, transport: InProcessBus())
    }

    override func tearDown() async throws { await service?.stop() }

    /// Folio that hands out `inquiry` for any code and answers every read with the fixture screen.
    func fakeFolio(_ inquiry: SavedInquiry, attestationValid: Bool = true) -> InquiryFolio {
        let calls = self.calls
        return InquiryFolio(
            exchangeLaunchCode: { _, _, _, _, _ throws(InquiryError) in
                calls.exchanges.withLock { $0 += 1 }
                return .init(saved: inquiry, attestation: "signed")
            },
            redeemHandoff: { _, _, _, _ throws(InquiryError) in throw .handoffExpired },
            send: { request, saved, _, _ throws(InquiryError) in
                calls.sent.withLock { $0.append(request) }
                return .step(
                    FolioStepUpdate(
                        inquiryId: saved.inquiryId, correlationId: saved.correlationId, status: .pending, locale: "en",
                        controller: true, stage: InquiryFixtures.screenStage()))
            },
            verifyAttestation: { _, _, _, _ throws(InquiryError) in
                if !attestationValid { throw .windowAttestationInvalid(reason: "the signature does not verify") }
            })
    }

    func host(device: String, folio: InquiryFolio, runtime: RuntimeContext = RuntimeContext(id: "rt-runner"))
        -> StoreHost<InquiryReducer>
    {
        StoreHost(
            id: StoreID.generate(for: .inquiry), kind: InquiryStore.kind, runtime: runtime, reducer: InquiryReducer(),
            initialState: .init(sdkLocale: "en", deviceTimeZone: "UTC"),
            runEffect: InquiryStore.effects(folio: folio, memory: memory, device: device, runtime: runtime))
    }

    func settle(_ host: StoreHost<InquiryReducer>, until done: (JSONValue) -> Bool) async throws -> JSONValue {
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        for _ in 0..<50 {
            if let model = latest?.model, done(model) {
                assertMatchesModelSchema(model)
                return model
            }
            latest = await host.next(afterVersion: latest?.version ?? 0, timeout: .milliseconds(200))
        }
        throw StoreNeverSettled(model: latest?.model)
    }

    func device() -> String { "dev_\(RandomID.base32(count: 12))" }

    func inquiry() -> SavedInquiry {
        SavedInquiry(inquiryId: "inq_\(RandomID.base32(count: 10))", correlationId: "cor_1", token: "tok_1")
    }

    func started(_ model: JSONValue) -> Bool { model["lifecycle"]?["type"] == "STARTED" && model["loading"] == false }

    func testRuleTheDeviceRemembersWhichInquiryEachExchangedCodeOpenedAndASecondStartResumesWithoutAnExchange()
        async throws
    {
        let device = device()
        let saved = inquiry()
        let code = "LC-\(RandomID.base32(count: 8))"
        let first = host(device: device, folio: fakeFolio(saved))
        try await first.dispatch(.open(entry: .start(launchCode: code)))
        _ = try await settle(first, until: started)
        let second = host(device: device, folio: fakeFolio(saved))
        try await second.dispatch(.open(entry: .start(launchCode: code)))
        let model = try await settle(second, until: started)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, saved.inquiryId)
        XCTAssertEqual(calls.exchanges.withLock { $0 }, 1, "the second Start resumed without a second exchange")
        let current = try await memory.inquiry(nil, deviceID: device)
        XCTAssertEqual(current, saved, "the inquiry is the device's current one")
    }

    func testRuleAnotherDeviceDoesNotKnowTheCodeAndASameDeviceResumeFindsTheCurrentInquiry() async throws {
        let device = device()
        let saved = inquiry()
        let opener = host(device: device, folio: fakeFolio(saved))
        try await opener.dispatch(.open(entry: .start(launchCode: "LC-other")))
        _ = try await settle(opener, until: started)
        let recalled = try await memory.inquiry(forLaunchCode: "LC-other", deviceID: self.device())
        XCTAssertNil(recalled, "another device never exchanged that code")
        let resumer = host(device: device, folio: fakeFolio(saved))
        try await resumer.dispatch(.open(entry: .resume(source: .sameDevice(inquiryId: nil))))
        let model = try await settle(resumer, until: started)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, saved.inquiryId)
    }

    func testRuleForgettingAnInquiryRemovesItsCodesAndItsPlaceAsCurrent() async throws {
        let device = device()
        let saved = inquiry()
        try await memory.remember(saved, launchCode: "LC-f", deviceID: device, organizationID: "org-demo")
        try await memory.forget(saved.inquiryId, deviceID: device)
        let byCode = try await memory.inquiry(forLaunchCode: "LC-f", deviceID: device)
        let current = try await memory.inquiry(nil, deviceID: device)
        XCTAssertNil(byCode)
        XCTAssertNil(current)
    }

    func testRuleAnAttestationThatDoesNotVerifyFailsWithWindowAttestationInvalidAndSavesNothing() async throws {
        let device = device()
        let store = host(device: device, folio: fakeFolio(inquiry(), attestationValid: false))
        try await store.dispatch(.open(entry: .start(launchCode: "LC-bad")))
        let model = try await settle(store, until: { $0["lifecycle"]?["type"] == "FAILED" })
        XCTAssertEqual(model["lifecycle"]?["value"]?["error"]?["type"], "WINDOW_ATTESTATION_INVALID")
        let current = try await memory.inquiry(nil, deviceID: device)
        XCTAssertNil(current, "an inquiry whose attestation failed is not saved")
    }

    func testRuleAPreviewFrameThatMeetsAFullQueueIsDroppedDispatchSucceedsAndOtherActionsStillRun() async throws {
        let runtime = RuntimeContext(id: "rt-full", queueCapacity: 1)
        let gate = AsyncGate()
        _ = await runtime.queue.offer { await gate.wait() }
        _ = await runtime.queue.offer {}
        let store = host(device: device(), folio: fakeFolio(inquiry()), runtime: runtime)
        try await store.dispatch(.act(.previewFrame(width: 1, height: 1, bytes: Bytes([0]))))
        let waiting = await runtime.queue.count
        XCTAssertEqual(waiting, 1, "the frame was not queued behind the item that filled the queue")
        try await store.dispatch(.open(entry: .start(launchCode: "LC-queue")))
        _ = try await settle(store, until: started)
        await gate.open()
    }

    func testRuleDispatchThrowsOnlyOnceTheStoreIsClosedOrTheRuntimeHasShutDown() async throws {
        let store = host(device: device(), folio: fakeFolio(inquiry()))
        try await store.dispatch(.act(.submit))
        try await store.dispatch(.open(entry: .start(launchCode: " ")))
        await store.close()
        do {
            try await store.dispatch(.status)
            XCTFail("a closed store throws")
        } catch {
            XCTAssertEqual(error, .storeClosed)
        }
        let runtime = RuntimeContext(id: "rt-ending")
        let orphan = host(device: device(), folio: fakeFolio(inquiry()), runtime: runtime)
        try await orphan.dispatch(.status)
        await runtime.shutDownNow()
        do {
            try await orphan.dispatch(.status)
            XCTFail("a store of a runtime that has shut down throws")
        } catch {
            XCTAssertEqual(error, .runtimeShutDown)
        }
    }
}

/// What the fake Folio was asked.
final class FolioCalls: Sendable {
    let exchanges = Mutex(0)
    let sent = Mutex<[FolioInquiryRequest]>([])
}

/// A gate a queued item waits on.
actor AsyncGate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}

struct StoreNeverSettled: Error, CustomStringConvertible {
    let model: JSONValue?
    var description: String { "the store never reached the expected model; last: \(String(describing: model))" }
}
