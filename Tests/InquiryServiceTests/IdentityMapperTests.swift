import FolioModel
import WireModel
import XCTest

@testable import InquiryService

/// The built-in mapper, the fingerprint of a document, the attachment ids and the mapper configuration.
final class IdentityMapperTests: XCTestCase {
    private func identity(_ number: String) -> VerifiedIdentity {
        var output = GovIdOutput()
        output.documentNumber = number
        output.birthdate = "1983-08-12"
        return VerifiedIdentity(
            inquiryId: "inq_1", selectedDocumentType: .nationalIdentityCard, output: .govId(output), issuedAt: 10,
            expiresAt: 20,
            files: [IdentityFile(id: "AT_a", field: .outcomeJwt, format: .other(mediaType: "application/jwt"))])
    }

    func testSavedIdentityMapperWritesOneIdentityRecordAndAppendsEveryLaterVerification() throws {
        let mapper = SavedIdentityMapper()
        let first = try mapper.map(identity: identity("C01X00T47"), existing: nil)
        XCTAssertEqual(first.schema, "identity")
        XCTAssertEqual(first.version, 1)
        XCTAssertEqual(try JSONParser.parse(Array(first.payload.utf8)), ["identities": [identity("C01X00T47").json]])
        let second = try mapper.map(identity: identity("C01X00T47"), existing: first)
        XCTAssertEqual(
            try JSONParser.parse(Array(second.payload.utf8)),
            ["identities": [identity("C01X00T47").json, identity("C01X00T47").json]])
    }

    func testSavedIdentityMapperRejectsAnExistingRecordItDoesNotRecognize() {
        XCTAssertThrowsError(
            try SavedIdentityMapper().map(
                identity: identity("X"), existing: RecordContent(schema: "passport", version: 1, payload: "{}"))
        ) { error in
            XCTAssertEqual((error as? IdentityMappingError)?.message, "a passport record is no saved identity")
        }
        XCTAssertThrowsError(
            try SavedIdentityMapper().map(
                identity: identity("X"), existing: RecordContent(schema: "identity", version: 1, payload: "[]")))
    }

    func testTheFingerprintIsTheDocumentNumberWithoutWhitespaceAndHyphensUppercasedAndTheTrimmedBirthdate() {
        var output = GovIdOutput()
        output.documentNumber = " c01-x00 t47\t"
        output.birthdate = " 1983-08-12 \n"
        XCTAssertEqual(IdentityFingerprint.of(output), "C01X00T47|1983-08-12")
        output.birthdate = nil
        XCTAssertNil(IdentityFingerprint.of(output))
    }

    func testAttachmentIdsAreTheVaultsFormatAndTheSameForTheSameSaveAndArtifact() {
        let front = IdentityAttachmentID.of(saveKey: "rt_1/inq_1/gid/1", field: .documentFront)
        XCTAssertEqual(front, IdentityAttachmentID.of(saveKey: "rt_1/inq_1/gid/1", field: .documentFront))
        XCTAssertNotEqual(front, IdentityAttachmentID.of(saveKey: "rt_1/inq_1/gid/1", field: .documentBack))
        XCTAssertNotEqual(front, IdentityAttachmentID.of(saveKey: "rt_1/inq_1/gid/2", field: .documentFront))
        XCTAssertTrue(front.hasPrefix("AT_"))
        XCTAssertEqual(front.count, 29)
        XCTAssertTrue(front.dropFirst(3).allSatisfy { "abcdefghijklmnopqrstuvwxyz234567".contains($0) })
    }

    func testArtifactFieldsAreWrittenAndReadOnlyAsTheirWireNamesInTheirOrder() throws {
        XCTAssertEqual(ArtifactField.outcomeJwt.json, "outcome.jwt")
        XCTAssertEqual(try ArtifactField(json: "document.front", path: "f"), .documentFront)
        XCTAssertThrowsError(try ArtifactField(json: "DOCUMENT_FRONT", path: "f"))
        XCTAssertEqual(
            [ArtifactField.documentBack, .outcomeJwt, .documentFront].sorted(),
            [.outcomeJwt, .documentFront, .documentBack])
    }

    func testTwoBodiesAreTheSameDocumentWhateverTheOrderOfTheirKeys() {
        let one = RecordContent(schema: "identity", version: 1, payload: #"{"a":1,"b":[1,2]}"#)
        XCTAssertTrue(
            one.isSameDocument(as: RecordContent(schema: "identity", version: 1, payload: #"{"b":[1,2],"a":1}"#)))
        XCTAssertFalse(
            one.isSameDocument(as: RecordContent(schema: "identity", version: 1, payload: #"{"a":1,"b":[2,1]}"#)))
        XCTAssertFalse(one.isSameDocument(as: RecordContent(schema: "identity", version: 2, payload: one.payload)))
    }

    func testTheMapperConfigurationNamesAMapperPerOrganizationWithTheBuiltInOneByDefault() throws {
        let configuration = try IdentityMapperConfiguration(
            json: #"""
                {"org-hook": {"type": "WEBHOOK", "url": "https://ops.example.com/map", "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "timeoutMs": 2000}}
                """#)
        XCTAssertEqual(configuration.mapper(for: "org-demo"), .savedIdentity)
        XCTAssertEqual(
            configuration.mapper(for: "org-hook"),
            .webhook(
                WebhookMapperSettings(
                    url: "https://ops.example.com/map", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                    timeoutMilliseconds: 2000, maxAnswerBytes: 1 << 20)))
        XCTAssertThrowsError(try IdentityMapperConfiguration(json: #"{"x": {"type": "FTP"}}"#))
        XCTAssertThrowsError(
            try IdentityMapperConfiguration(json: #"{"x": {"type": "WEBHOOK", "url": "https://a", "secret": "s"}}"#))
    }
}
