import FolioModel
import HTTP
import Webhooks
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

/// The webhook mapper against an operator endpoint on loopback.
final class WebhookIdentityMapperTests: XCTestCase {
    static let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    private func mapper(port: UInt16, path: String = "/map", timeoutMs: Int64 = 2000) throws -> WebhookIdentityMapper {
        try WebhookIdentityMapper(
            WebhookMapperSettings(
                url: "http://127.0.0.1:\(port)\(path)", secret: Self.secret, timeoutMilliseconds: timeoutMs,
                maxAnswerBytes: 1024))
    }

    private let identity = VerifiedIdentity(
        inquiryId: "inq_1", selectedDocumentType: nil, output: .govId(GovIdOutput()), issuedAt: 1, expiresAt: 2,
        files: [])

    private func endpoint(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws -> HTTPServer {
        let server = HTTPServer(configuration: .init(port: 0)) { request in answer(request) }
        try server.start()
        return server
    }

    func testTheEndpointGetsASignedMessageWithTheIdentityAndItsAnswerIsTheBody() async throws {
        let secret = try WebhookSecret(Self.secret)
        let server = try endpoint { request in
            guard (try? secret.verify(headers: request.headers, body: request.body)) != nil,
                let message = try? JSONParser.parse(request.body), message["type"] == "identity.map",
                message["data"]?["identity"]?["inquiryId"] == "inq_1", message["data"]?["existing"] == .null
            else { return HTTPResponse(status: 400, text: "unexpected") }
            return HTTPResponse(status: 200, text: #"{"schema":"ops","version":3,"payload":"{}"}"#)
        }
        let body = try await mapper(port: server.port).map(identity: identity, existing: nil)
        XCTAssertEqual(body, RecordContent(schema: "ops", version: 3, payload: "{}"))
        await server.shutdown()
    }

    func testAFailingGarbageOrUnreachableEndpointIsAMappingErrorWithItsReason() async throws {
        let failing = try endpoint { _ in HTTPResponse(status: 500, text: "boom") }
        let garbage = try endpoint { _ in HTTPResponse(status: 200, text: "not json") }
        let large = try endpoint { _ in HTTPResponse(status: 200, text: String(repeating: "x", count: 4096)) }
        for (port, reason) in [
            (failing.port, "500"), (garbage.port, "no record body"), (large.port, "failed"), (1, "failed"),
        ] {
            let mapper = try mapper(port: port)
            do {
                _ = try await mapper.map(identity: identity, existing: nil)
                XCTFail("port \(port) answered a body")
            } catch {
                XCTAssertTrue(error.message.contains(reason), "\(error.message) names \(reason)")
            }
        }
        for server in [failing, garbage, large] { await server.shutdown() }
    }
}
