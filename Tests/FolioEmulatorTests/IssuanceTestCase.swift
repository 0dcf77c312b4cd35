import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

/// Helpers for the issued-document tests: inquiries of an issuing template run for a holder, and the sealed
/// body of the issued record opened as the holder opens it.
class IssuanceTestCase: VaultTestCase {
    static let organization = "org_bluebank"
    static let start = EmulatorClock.defaultTestInstant

    /// Runs an inquiry of `template` for `holder` to COMPLETED; answers the last envelope and the result.
    func completedInquiry(
        _ harness: Harness, holder: FolioInquiryHolder?, template: String = "tmpl_membership",
        name: String = "Chen Wei"
    ) async throws -> (step: FolioInquiryStep, result: FolioInquiryResult) {
        let created = try await harness.client.createInquiry(
            FolioInquiryCreate(organizationId: Self.organization, templateId: template), idempotencyKey: key())
        let launch = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_phone", holder: holder,
            idempotencyKey: key())
        let inquiry = harness.client.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_phone")
        _ = try await inquiry.submit(stepId: "name", fields: ["name": .string(name)], idempotencyKey: key())
        let step = try await inquiry.complete(idempotencyKey: key())
        XCTAssertEqual(step.status, .completed)
        return (step, try await inquiry.result())
    }

    /// The issuance id a completed inquiry of an issuing template offers `user`.
    func offeredIssuance(_ harness: Harness, to user: VaultUser) async throws -> String {
        let completed = try await completedInquiry(harness, holder: .session(user.sessionId))
        return try XCTUnwrap(completed.result.issuanceId)
    }

    /// The body of an issued record as its holder opens it: the record key from the invite, the body sealed
    /// with the issuer's id, `digital` and the version as additional data.
    static func openDocument(_ record: FolioVaultRecord, box: BoxKeyPair) throws -> (FolioDigitalDocument, SymmetricKey)
    {
        let key = try SymmetricKey(bytes: try SealedBox.open(try XCTUnwrap(record.wrappedKey).bytes, keyPair: box))
        let body = try AEAD.open(
            try XCTUnwrap(record.ciphertext).bytes,
            additionalData: sealingData(["folio-vault-body", record.ownerAccountId, "digital", "1"]), key: key)
        return (try FolioWireJSON.decode(FolioDigitalDocument.self, from: try JSONParser.parse(body)), key)
    }

    /// Parts as `<UTF-8 length>:<bytes>` each, as the VaultService seals.
    static func sealingData(_ parts: [String]) -> [UInt8] {
        parts.flatMap { Array("\($0.utf8.count):".utf8) + Array($0.utf8) }
    }

    /// The failure of an admin call, failing the test if it succeeds.
    func adminError<T>(
        _ body: () async throws(EmulatorError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) async -> EmulatorError? {
        do {
            let value = try await body()
            XCTFail("expected an EmulatorError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
