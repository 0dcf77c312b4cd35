import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryLaunchTests: InquiryTestCase {
    func testOperatorCreatesAnInquiryWithTheDefaultLifetimes() async throws {
        let harness = try await startEmulator()
        let now = try await harness.admin.now()
        let created = try await create(harness)
        XCTAssertEqual(created.status, .created)
        XCTAssertFalse(created.launchCode.isEmpty)
        XCTAssertEqual(created.expiresAt, now.addingTimeInterval(86_400), "expiresInSeconds defaults to a day")
        XCTAssertEqual(created.launchCodeExpiresAt, now.addingTimeInterval(600), "launch codes last 600 s")
        let stored = try await harness.admin.inquiry(id: created.inquiryId)
        XCTAssertEqual(stored.organizationId, Self.organization)
        XCTAssertEqual(stored.templateId, "tmpl_simple")
        XCTAssertEqual(stored.status, "CREATED")
        XCTAssertNil(stored.controllerDeviceId)
    }

    func testUnknownOrganizationOrTemplateIsNotFound() async throws {
        let harness = try await startEmulator()
        let organization = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.createInquiry(
                FolioInquiryCreate(organizationId: "org_nope", templateId: "tmpl_simple"), idempotencyKey: self.key())
        }
        XCTAssertEqual(
            organization, .upstream(status: 404, code: "ORGANIZATION_NOT_FOUND", message: "no organization org_nope"))
        let template = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.createInquiry(
                FolioInquiryCreate(organizationId: Self.organization, templateId: "tmpl_nope"),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(template, .upstream(status: 404, code: "TEMPLATE_NOT_FOUND", message: "no template tmpl_nope"))
    }

    func testLaunchMakesTheDeviceTheControllerAndTheInquiryPending() async throws {
        let harness = try await startEmulator()
        let now = try await harness.admin.now()
        let (launch, inquiry) = try await launched(harness, device: "dev_phone")
        XCTAssertEqual(launch.tokenExpiresAt, now.addingTimeInterval(3_600))
        let stored = try await harness.admin.inquiry(id: launch.inquiryId)
        XCTAssertEqual(stored.status, "PENDING")
        XCTAssertEqual(stored.controllerDeviceId, "dev_phone")
        XCTAssertEqual(stored.launchExchanges, 1)
        XCTAssertEqual(stored.correlationId, launch.correlationId)
        let step = try await inquiry.step()
        XCTAssertTrue(step.controller)
        XCTAssertEqual(step.status, .pending)
        XCTAssertEqual(step.stepId, "name")
    }

    func testALaunchCodeIsSingleUseButARetryWithTheSameKeyGetsTheSameAnswer() async throws {
        let harness = try await startEmulator()
        let created = try await create(harness)
        let first = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_a",
            idempotencyKey: "launch-1")
        let replay = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_a",
            idempotencyKey: "launch-1")
        XCTAssertEqual(replay, first, "a re-run after a crash gets the same token")
        let stored = try await harness.admin.inquiry(id: created.inquiryId)
        XCTAssertEqual(stored.launchExchanges, 1)
        let reuse = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_a",
                idempotencyKey: self.key())
        }
        XCTAssertEqual(reuse, .launchCodeInvalid)
    }

    func testUnknownExpiredOrForeignLaunchCodesAreRefused() async throws {
        let harness = try await startEmulator()
        let unknown = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: "ilc_nope", organizationId: Self.organization, deviceId: "dev_a", idempotencyKey: self.key()
            )
        }
        XCTAssertEqual(unknown, .launchCodeInvalid)

        let created = try await create(harness)
        let foreign = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: created.launchCode, organizationId: "org_acme", deviceId: "dev_a",
                idempotencyKey: self.key())
        }
        XCTAssertEqual(foreign, .launchInvalid)

        try await harness.admin.advanceClock(seconds: 601)
        let expired = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_a",
                idempotencyKey: self.key())
        }
        XCTAssertEqual(expired, .launchCodeInvalid, "the code lasted 600 s")

        let fresh = try await harness.client.createLaunchCode(inquiryId: created.inquiryId, idempotencyKey: key())
        let launch = try await harness.client.launchInquiry(
            launchCode: fresh.launchCode, organizationId: Self.organization, deviceId: "dev_a",
            idempotencyKey: key())
        XCTAssertEqual(launch.inquiryId, created.inquiryId)
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.createLaunchCode(inquiryId: "inq_nope", idempotencyKey: self.key())
        }
        XCTAssertEqual(missing, .inquiryNotFound)
    }

    func testTheAttestationVerifiesAgainstTheJWKS() async throws {
        let harness = try await startEmulator()
        let now = try await harness.admin.now()
        let (launch, _) = try await launched(harness, device: "dev_phone")
        let jwks = try await harness.client.jwks()

        // Checked by hand with libsodium: the key its kid names, then the claims.
        let kid = try XCTUnwrap(try JWS.unverifiedKeyID(of: launch.attestation))
        let key = try XCTUnwrap(jwks.key(withID: kid)).publicKey()
        let (header, payload) = try JWS.verify(launch.attestation, publicKey: key)
        XCTAssertEqual(try JSONParser.parse(header)["alg"], "EdDSA")
        let claims = try JSONParser.parse(payload)
        let iat = Int64(now.timeIntervalSince1970)
        XCTAssertEqual(
            claims,
            [
                "typ": "folio.window", "sub": .string(launch.inquiryId), "org": .string(Self.organization),
                "dev": "dev_phone", "cid": .string(launch.correlationId), "iat": .int(iat), "exp": .int(iat + 300),
            ])

        // The same through FolioWindowAttestation, and it is valid only for this inquiry, org and device.
        let verified = try FolioWindowAttestation.verify(
            launch.attestation, jwks: jwks, inquiryId: launch.inquiryId, organizationId: Self.organization,
            deviceId: "dev_phone", now: now)
        XCTAssertEqual(verified.cid, launch.correlationId)
        XCTAssertThrowsError(
            try FolioWindowAttestation.verify(
                launch.attestation, jwks: jwks, inquiryId: launch.inquiryId, organizationId: Self.organization,
                deviceId: "dev_other", now: now))
        XCTAssertThrowsError(
            try FolioWindowAttestation.verify(
                launch.attestation, jwks: jwks, inquiryId: launch.inquiryId, organizationId: Self.organization,
                deviceId: "dev_phone", now: now.addingTimeInterval(400)),
            "exp is iat + 300")
    }

    func testTheAttestationIsSignedWithTheCurrentKeyAfterARotation() async throws {
        let harness = try await startEmulator()
        let kid = try await harness.admin.rotateKeys()
        let (launch, _) = try await launched(harness)
        XCTAssertEqual(try JWS.unverifiedKeyID(of: launch.attestation), kid)
        let jwks = try await harness.client.jwks()
        let now = try await harness.admin.now()
        XCTAssertNoThrow(
            try FolioWindowAttestation.verify(
                launch.attestation, jwks: jwks, inquiryId: launch.inquiryId, organizationId: Self.organization,
                deviceId: "dev_phone", now: now))
    }

    func testTamperedLaunchAnswersOfTheTestingKnob() async throws {
        let harness = try await startEmulator()
        let jwks = try await harness.client.jwks()
        let now = try await harness.admin.now()

        let bad = try await create(harness, launchAnswer: .badAttestationSignature)
        let badLaunch = try await harness.client.launchInquiry(
            launchCode: bad.launchCode, organizationId: Self.organization, deviceId: "dev_a", idempotencyKey: key())
        let kid = try XCTUnwrap(try JWS.unverifiedKeyID(of: badLaunch.attestation))
        XCTAssertThrowsError(
            try JWS.verify(badLaunch.attestation, publicKey: try XCTUnwrap(jwks.key(withID: kid)).publicKey()),
            "a flipped signature byte does not verify")

        let other = try await create(harness, launchAnswer: .attestationForOtherInquiry)
        let otherLaunch = try await harness.client.launchInquiry(
            launchCode: other.launchCode, organizationId: Self.organization, deviceId: "dev_a", idempotencyKey: key())
        XCTAssertEqual(otherLaunch.inquiryId, other.inquiryId)
        let otherKey = try XCTUnwrap(
            jwks.key(withID: try XCTUnwrap(try JWS.unverifiedKeyID(of: otherLaunch.attestation))))
        let payload = try JWS.verify(otherLaunch.attestation, publicKey: try otherKey.publicKey()).payload
        XCTAssertNotEqual(try JSONParser.parse(payload)["sub"]?.stringValue, other.inquiryId, "signed, but another sub")
        XCTAssertThrowsError(
            try FolioWindowAttestation.verify(
                otherLaunch.attestation, jwks: jwks, inquiryId: other.inquiryId, organizationId: Self.organization,
                deviceId: "dev_a", now: now))

        let without = try await create(harness, launchAnswer: .withoutInquiryId)
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: without.launchCode, organizationId: Self.organization, deviceId: "dev_a",
                idempotencyKey: self.key())
        }
        guard case .malformedAnswer = error else { return XCTFail("\(String(describing: error))") }
        let stored = try await harness.admin.inquiry(id: without.inquiryId)
        XCTAssertEqual(stored.launchExchanges, 1, "the exchange happened; only the answer lacks the id")
        let raw = try await harness.raw(
            "POST", "/v1/inquiries/launch",
            headers: harness.apiAuth.merging(["Idempotency-Key": "raw-1", "Content-Type": "application/json"]) { a, _ in
                a
            },
            body: #"{"launchCode": "\#(without.launchCode)", "organizationId": "org-demo", "deviceId": "dev_a"}"#)
        XCTAssertEqual(raw.status, 400, "the code was used by the first exchange")
    }

    func testUnknownTestingKnobIsAnInvalidRequest() async throws {
        let harness = try await startEmulator()
        let raw = try await harness.raw(
            "POST", "/v1/operator/inquiries",
            headers: harness.apiAuth.merging(["Idempotency-Key": "k", "Content-Type": "application/json"]) { a, _ in a
            },
            body: #"{"organizationId": "org-demo", "templateId": "tmpl_simple", "testing": {"launchAnswer": "NOPE"}}"#)
        XCTAssertEqual(raw.status, 400)
        XCTAssertEqual(raw.json["error"]?["code"], "INVALID_REQUEST")
    }
}
