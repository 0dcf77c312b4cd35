import Bus
import FolioAPI
import FolioModel
import Lifecycle
import ServiceKit
import StoreKit
import Synchronization
import XCTest

@testable import InquiryService

/// The holder and the issuance offer through the store's effect runner: the runtime's session read at the launch,
/// IssuanceOffered published on the bus.
extension InquiryStoreRunnerTests {
    /// Folio that launches `inquiry` (recording in `run` the holder each exchange names) and completes it offering
    /// `issuanceId` in the completion envelope and the result.
    func issuingFolio(_ inquiry: SavedInquiry, issuanceId: String, run: IssuanceRun) -> InquiryFolio {
        InquiryFolio(
            exchangeLaunchCode: { _, _, _, holder, _ throws(InquiryError) in
                run.holders.withLock { $0.append(holder) }
                return .init(saved: inquiry, attestation: "signed")
            },
            redeemHandoff: { _, _, _, _ throws(InquiryError) in throw .handoffExpired },
            send: { request, saved, _, _ throws(InquiryError) in
                switch request {
                case .complete:
                    return .step(
                        FolioStepUpdate(
                            inquiryId: saved.inquiryId, correlationId: saved.correlationId, status: .completed,
                            locale: "en", controller: true,
                            stage: InquiryFixtures.terminalStage(.completed, redirect: nil), issuanceId: issuanceId))
                case .result:
                    return .result(.completed, issuanceId: issuanceId)
                default:
                    return .step(
                        FolioStepUpdate(
                            inquiryId: saved.inquiryId, correlationId: saved.correlationId, status: .pending,
                            locale: "en", controller: true, stage: InquiryFixtures.screenStage()))
                }
            },
            verifyAttestation: { _, _, _, _ throws(InquiryError) in })
    }

    func testRuleTheLaunchNamesTheSessionOfTheRuntimeAtTheLaunchAndTheCompletionPublishesIssuanceOfferedOnce()
        async throws
    {
        let bus = InProcessBus()
        let runtime = RuntimeContext(id: "rt-issuance-\(RandomID.base32(count: 6))")
        let run = IssuanceRun()
        let subscription = try await bus.subscribe(IssuanceOffered.self, key: runtime.id, delivery: .serial) { event in
            run.offers.withLock { $0.append(event) }
        }
        let chen = RuntimeFacts.Session(
            identity: .authenticated(userId: "acct_chen", email: "chen.wei@example.net"), status: .active,
            folioSessionID: "ses_chen")
        let saved = inquiry()
        let host = StoreHost(
            id: StoreID.generate(for: .inquiry), kind: InquiryStore.kind, runtime: runtime, reducer: InquiryReducer(),
            initialState: .init(sdkLocale: "en", deviceTimeZone: "UTC"),
            runEffect: InquiryStore.effects(
                folio: issuingFolio(saved, issuanceId: "isu_runner", run: run), memory: memory,
                device: device(), runtime: runtime,
                session: { run.signedIn.withLock { $0 } ? chen : InquiryStore.guestSession },
                announce: InquiryStore.announcing(transport: bus, logger: Logger(service: "inquiry-test"))))

        // The store runs; the person signs in before the launch: the launch names the signed-in account.
        run.signedIn.withLock { $0 = true }
        try await host.dispatch(InquiryAction.open(entry: .start(launchCode: "LC-\(RandomID.base32(count: 8))")))
        _ = try await settle(host, until: started)
        XCTAssertEqual(run.holders.withLock { $0 }, [.account(userId: "acct_chen", folioSessionId: "ses_chen")])
        XCTAssertTrue(run.offers.withLock { $0.isEmpty }, "nothing is offered before the completion")

        try await host.dispatch(InquiryAction.act(.complete))
        _ = try await settle(host) { $0["inquiry"]?["status"] == "COMPLETED" && $0["loading"] == false }
        for _ in 0..<50 where run.offers.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(20)) }
        // The result carries the issuance again; it is not published twice.
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(
            run.offers.withLock { $0 },
            [
                IssuanceOffered(
                    runtimeID: runtime.id, accountID: "acct_chen", issuanceID: "isu_runner",
                    inquiryID: saved.inquiryId)
            ])
        await subscription.cancel()
        await host.close()
    }
}

/// What the issuing fake Folio was asked and the bus received, and whether the person has signed in.
final class IssuanceRun: Sendable {
    let holders = Mutex<[InquiryHolder?]>([])
    let signedIn = Mutex(false)
    let offers = Mutex<[IssuanceOffered]>([])
}
