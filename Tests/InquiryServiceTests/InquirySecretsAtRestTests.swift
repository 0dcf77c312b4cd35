import Bus
import Crypto
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import TestSupport
import XCTest

@testable import InquiryService

/// The inquiry token (SavedInquiry.token) at rest: sealed with the service's secrets key in the device memory
/// table and in the InquiryStore's snapshot, so neither holds it in clear; tokens stored in clear before still read.
final class InquirySecretsAtRestTests: XCTestCase {
    private var service: RunningService?
    private let sealer = SecretSealer(key: .random())

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "inquiry-secrets", secrets: sealer)
        let service = try await RunningService.start(
            try InquiryService.definition(), configuration: configuration, transport: InProcessBus())
        // The service seals the tokens stored in clear when it starts. Done after a test stored one, it would
        // seal that one before the test's own `resealAll`.
        await service.backgroundWorkEnded()
        self.service = service
    }

    override func tearDown() async throws { await service?.stop() }

    private var context: ServiceContext {
        get throws { try XCTUnwrap(service).context }
    }

    private var memory: InquiryDeviceMemory {
        get throws { InquiryDeviceMemory(database: try context.database, sealer: sealer) }
    }

    private func saved() -> SavedInquiry {
        SavedInquiry(
            inquiryId: "inq_\(RandomID.base32(count: 10))", correlationId: "cor_1",
            token: "itk_\(RandomID.base32(count: 24))")
    }

    private func storedToken(device: String, inquiry: String) async throws -> String {
        let rows = try await context.database.query(
            """
            SELECT inquiry_token FROM inquiry_device_inquiries WHERE device_id = \(device) AND inquiry_id = \(inquiry)
            """)
        return try XCTUnwrap(rows.first).decode(String.self, "inquiry_token")
    }

    func testDeviceMemoryRowHoldsNoClearTokenAndReadsTheTokenBack() async throws {
        let device = "dev_\(RandomID.base32(count: 12))"
        let inquiry = saved()
        try await memory.remember(inquiry, launchCode: "LC-seal", deviceID: device, organizationID: "org-demo")
        let stored = try await storedToken(device: device, inquiry: inquiry.inquiryId)
        XCTAssertFalse(stored.contains(inquiry.token), stored)
        XCTAssertTrue(SecretSealer.isSealed(stored), stored)
        let current = try await memory.inquiry(nil, deviceID: device)
        XCTAssertEqual(current, inquiry)
        let byCode = try await memory.inquiry(forLaunchCode: "LC-seal", deviceID: device)
        XCTAssertEqual(byCode, inquiry)
    }

    func testTokenStoredInClearBeforeSealingStillReadsAndResealAllSealsIt() async throws {
        let device = "dev_\(RandomID.base32(count: 12))"
        let inquiry = saved()
        _ = try await context.database.execute(
            """
            INSERT INTO inquiry_device_inquiries (device_id, inquiry_id, organization_id, correlation_id, inquiry_token)
            VALUES (\(device), \(inquiry.inquiryId), 'org-demo', \(inquiry.correlationId), \(inquiry.token))
            """)
        let beforeReseal = try await memory.inquiry(inquiry.inquiryId, deviceID: device)
        XCTAssertEqual(beforeReseal, inquiry)
        let resealed = try await memory.resealAll()
        XCTAssertGreaterThanOrEqual(resealed, 1)
        let stored = try await storedToken(device: device, inquiry: inquiry.inquiryId)
        XCTAssertFalse(stored.contains(inquiry.token), stored)
        let afterReseal = try await memory.inquiry(inquiry.inquiryId, deviceID: device)
        XCTAssertEqual(afterReseal, inquiry)
    }

    func testSealedTokenCopiedToAnotherDevicesRowDoesNotOpen() async throws {
        let device = "dev_\(RandomID.base32(count: 12))"
        let inquiry = saved()
        try await memory.remember(inquiry, launchCode: nil, deviceID: device, organizationID: "org-demo")
        let other = "dev_\(RandomID.base32(count: 12))"
        _ = try await context.database.execute(
            """
            INSERT INTO inquiry_device_inquiries (device_id, inquiry_id, organization_id, correlation_id, inquiry_token)
            SELECT \(other), inquiry_id, organization_id, correlation_id, inquiry_token FROM inquiry_device_inquiries
            WHERE device_id = \(device) AND inquiry_id = \(inquiry.inquiryId)
            """)
        do {
            _ = try await memory.inquiry(inquiry.inquiryId, deviceID: other)
            XCTFail("a token sealed for one device opened for another")
        } catch {}
    }

    func testInquiryStoreSnapshotRowHoldsNoClearTokenOnceTheInquiryStarted() async throws {
        let device = "dev_\(RandomID.base32(count: 12))"
        let inquiry = saved()
        let runtime = RuntimeContext(id: "rt-secrets")
        let storeID = StoreID.generate(for: .inquiry)
        let host = StoreHost(
            id: storeID, kind: InquiryStore.kind, runtime: runtime, reducer: InquiryReducer(),
            initialState: .init(sdkLocale: "en", deviceTimeZone: "UTC"), persistence: try context.snapshots,
            runEffect: InquiryStore.effects(
                folio: Self.folio(inquiry), memory: try memory, device: device, runtime: runtime, storeID: storeID))
        try await host.dispatch(.open(entry: .start(launchCode: "LC-\(RandomID.base32(count: 8))")))
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        for _ in 0..<50 where latest?.model["lifecycle"]?["type"] != "STARTED" {
            latest = await host.next(afterVersion: latest?.version ?? 0, timeout: .milliseconds(200))
        }
        XCTAssertEqual(latest?.model["lifecycle"]?["type"], "STARTED")
        let snapshot = try await context.snapshots.load(storeID)
        XCTAssertTrue(
            try XCTUnwrap(snapshot).state.jsonString.contains(inquiry.token), "the state itself holds the token")
        let rows = try await context.database.query(
            """
            SELECT state::text || pending_effects::text AS stored FROM store_snapshots WHERE store_id = \(storeID.rawValue)
            """)
        let stored = try XCTUnwrap(rows.first).decode(String.self, "stored")
        XCTAssertFalse(stored.contains(inquiry.token), stored)
        await host.close()
    }

    /// Folio that hands out `inquiry` for any launch code and answers with the fixture screen.
    private static func folio(_ inquiry: SavedInquiry) -> InquiryFolio {
        InquiryFolio(
            exchangeLaunchCode: { _, _, _, _, _ throws(InquiryError) in .init(saved: inquiry, attestation: "signed") },
            redeemHandoff: { _, _, _, _ throws(InquiryError) in throw .handoffExpired },
            send: { _, saved, _, _ throws(InquiryError) in
                .step(
                    FolioStepUpdate(
                        inquiryId: saved.inquiryId, correlationId: saved.correlationId, status: .pending, locale: "en",
                        controller: true, stage: InquiryFixtures.screenStage()))
            },
            verifyAttestation: { _, _, _, _ throws(InquiryError) in })
    }
}
