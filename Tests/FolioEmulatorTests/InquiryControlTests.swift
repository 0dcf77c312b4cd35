import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryControlTests: InquiryTestCase {
    /// Launches on `dev_phone`, hands off to `dev_laptop`; answers both devices' clients.
    private func handedOff(_ harness: Harness) async throws -> (phone: FolioInquiryClient, laptop: FolioInquiryClient) {
        let (_, phone) = try await launched(harness, device: "dev_phone")
        let handoff = try await phone.createHandoff(idempotencyKey: key())
        let join = try await harness.client.redeemHandoff(
            code: handoff.code, organizationId: Self.organization, deviceId: "dev_laptop", idempotencyKey: key())
        XCTAssertEqual(join.inquiryId, phone.inquiryId)
        return (phone, harness.client.inquiry(id: join.inquiryId, token: join.inquiryToken, deviceId: "dev_laptop"))
    }

    func testAHandoffCodeHasAQrLinkAndLastsTenMinutes() async throws {
        let harness = try await startEmulator()
        let now = try await harness.admin.now()
        let (_, phone) = try await launched(harness)
        let handoff = try await phone.createHandoff(idempotencyKey: key())
        XCTAssertEqual(handoff.qr, "https://handoff.folio.example/h/\(handoff.code)")
        XCTAssertEqual(handoff.expiresAt, now.addingTimeInterval(600))
    }

    func testARedeemingDeviceJoinsAsAnObserver() async throws {
        let harness = try await startEmulator()
        let (phone, laptop) = try await handedOff(harness)
        let observer = try await laptop.step()
        XCTAssertFalse(observer.controller)
        XCTAssertEqual(observer.stepId, "observer")
        let shown = elements(observer)
        XCTAssertEqual(shown.map { $0["type"] }, ["TEXT", "TEXT", "BUTTON"])
        XCTAssertEqual(shown[0]["value"]?["style"], "TITLE")
        XCTAssertEqual(shown[1]["value"]?["style"], "BODY")
        XCTAssertEqual(shown[2]["value"]?["intent"], ["type": "CONTINUE_HERE"])
        let german = try await laptop.step(locale: "de")
        XCTAssertEqual(elements(german)[2]["value"]?["label"], "Hier fortfahren")
        let controller = try await phone.step()
        XCTAssertTrue(controller.controller, "the device that handed off keeps control")
        XCTAssertEqual(controller.stepId, "name")

        let refused = await inquiryError { () async throws(FolioInquiryError) in
            try await laptop.submit(stepId: "name", fields: ["name": "A"], idempotencyKey: self.key())
        }
        XCTAssertEqual(refused, .notController)
        for (name, call) in [
            (
                "back",
                { () async throws(FolioInquiryError) in
                    _ = try await laptop.back(stepId: "name", idempotencyKey: self.key())
                }
            ),
            (
                "cancel",
                { () async throws(FolioInquiryError) in _ = try await laptop.cancel(idempotencyKey: self.key()) }
            ),
            (
                "complete",
                { () async throws(FolioInquiryError) in _ = try await laptop.complete(idempotencyKey: self.key()) }
            ),
            (
                "handoff",
                { () async throws(FolioInquiryError) in _ = try await laptop.createHandoff(idempotencyKey: self.key()) }
            ),
            (
                "file",
                { () async throws(FolioInquiryError) in
                    _ = try await laptop.uploadFile(
                        field: "f", fileName: "a.pdf", mimeType: "application/pdf", bytes: [1],
                        idempotencyKey: self.key())
                }
            ),
        ] as [(String, () async throws(FolioInquiryError) -> Void)] {
            let error = await inquiryError { () async throws(FolioInquiryError) in try await call() }
            XCTAssertEqual(error, .notController, name)
        }
    }

    func testContinueHereTakesControlAndTheOtherDeviceBecomesAnObserver() async throws {
        let harness = try await startEmulator()
        let (phone, laptop) = try await handedOff(harness)
        let taken = try await laptop.takeControl(idempotencyKey: key())
        XCTAssertTrue(taken.controller)
        XCTAssertEqual(taken.stepId, "name")
        let next = try await laptop.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: key())
        XCTAssertEqual(next.stepId, "review")
        let phoneView = try await phone.step()
        XCTAssertFalse(phoneView.controller)
        XCTAssertEqual(phoneView.stepId, "observer")
        let stored = try await harness.admin.inquiry(id: phone.inquiryId)
        XCTAssertEqual(stored.controllerDeviceId, "dev_laptop")
        XCTAssertEqual(stored.submissions.first?.deviceId, "dev_laptop")
        let back = try await phone.takeControl(idempotencyKey: key())
        XCTAssertEqual(back.stepId, "review", "either device can take control back")
    }

    func testHandoffCodesAreSingleUseForOneOrganizationAndExpire() async throws {
        let harness = try await startEmulator()
        let (_, phone) = try await launched(harness)
        let handoff = try await phone.createHandoff(idempotencyKey: key())
        let mismatch = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.redeemHandoff(
                code: handoff.code, organizationId: "org_acme", deviceId: "dev_b", idempotencyKey: self.key())
        }
        XCTAssertEqual(mismatch, .handoffMismatch)
        _ = try await harness.client.redeemHandoff(
            code: handoff.code, organizationId: Self.organization, deviceId: "dev_b", idempotencyKey: key())
        let consumed = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.redeemHandoff(
                code: handoff.code, organizationId: Self.organization, deviceId: "dev_c", idempotencyKey: self.key())
        }
        XCTAssertEqual(consumed, .handoffConsumed)

        let late = try await phone.createHandoff(idempotencyKey: key())
        try await harness.admin.advanceClock(seconds: 600)
        let expired = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.redeemHandoff(
                code: late.code, organizationId: Self.organization, deviceId: "dev_c", idempotencyKey: self.key())
        }
        XCTAssertEqual(expired, .handoffExpired)
        let unknown = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.redeemHandoff(
                code: "hof_nope", organizationId: Self.organization, deviceId: "dev_c", idempotencyKey: self.key())
        }
        XCTAssertEqual(unknown, .handoffExpired)
    }

    func testAFinishedInquiryShowsTheTerminalStageToEveryDevice() async throws {
        let harness = try await startEmulator()
        let (phone, laptop) = try await handedOff(harness)
        _ = try await phone.cancel(idempotencyKey: key())
        let observer = try await laptop.step()
        XCTAssertEqual(observer.stage["content"]?["type"], "TERMINAL")
        let take = await inquiryError { () async throws(FolioInquiryError) in
            try await laptop.takeControl(idempotencyKey: self.key())
        }
        XCTAssertEqual(take, .finished)
        let result = try await laptop.result()
        XCTAssertEqual(result.outcome, .canceled, "any device with a token reads the result")
    }
}
