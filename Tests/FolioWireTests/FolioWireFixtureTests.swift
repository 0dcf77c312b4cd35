import FolioModel
import FolioWire
import Foundation
import XCTest

/// The JSON samples of docs/folio-api.md, copied to Fixtures/: each decodes with the shared wire types and
/// encodes back to the same JSON (member order aside).
final class FolioWireFixtureTests: XCTestCase {
    /// Answers write optional members without a value as `null`; requests leave them out.
    private static let answers: [String: @Sendable (JSONValue) throws -> JSONValue] = [
        "organizations-page": roundTrip(FolioPage<FolioOrganization>.self, nulls: true),
        "accounts-page": roundTrip(FolioPage<FolioAccount>.self, nulls: true),
        "account": roundTrip(FolioAccount.self, nulls: true),
        "key-derivation": roundTrip(FolioKeyDerivation.self, nulls: true),
        "ceremony-start-answer": roundTrip(FolioCeremony.self, nulls: true),
        "session": roundTrip(FolioSession.self, nulls: true),
        "vault-record": roundTrip(FolioVaultRecord.self, nulls: true),
        "vault-share": roundTrip(FolioVaultShare.self, nulls: true),
        "vault-keys": roundTrip(FolioVaultKeys.self, nulls: true),
        "vault-attachment": roundTrip(FolioVaultAttachment.self, nulls: true),
        "vault-issued-invite": roundTrip(FolioVaultShare.self, nulls: true),
        "issuance": roundTrip(FolioIssuance.self, nulls: true),
        "digital-document": roundTrip(FolioDigitalDocument.self, nulls: true),
        "inquiry-result": roundTrip(FolioInquiryResult.self, nulls: true),
    ]

    private static let requests: [String: @Sendable (JSONValue) throws -> JSONValue] = [
        "account-signup-request": roundTrip(FolioAccountSignup.self, nulls: false),
        "ceremony-start-request": roundTrip(FolioCeremonyStart.self, nulls: false),
        "vault-record-create-request": roundTrip(FolioVaultRecordCreate.self, nulls: false),
        "vault-invite-request": roundTrip(FolioVaultInvite.self, nulls: false),
        "inquiry-testing-request": roundTrip(FolioInquiryTesting.self, nulls: false),
    ]

    private static func roundTrip<T: Codable>(_ type: T.Type, nulls: Bool) -> @Sendable (JSONValue) throws -> JSONValue
    {
        { json in try FolioWireJSON.encode(try FolioWireJSON.decode(T.self, from: json), nulls: nulls) }
    }

    func testEveryFixtureEncodesBackToItself() throws {
        for (name, roundTrip) in Self.answers.merging(Self.requests, uniquingKeysWith: { first, _ in first }) {
            let fixture = try Self.fixture(name)
            XCTAssertEqual(try roundTrip(fixture), fixture, name)
        }
    }

    func testErrorEnvelopeReadsAndWritesTheStandardBody() throws {
        let fixture = try Self.fixture("error-envelope")
        let error = FolioAPIError(status: 404, body: fixture.serialized(), retryAfterHeader: nil)
        XCTAssertEqual(error.status, 404)
        XCTAssertEqual(error.code, "ORGANIZATION_NOT_FOUND")
        XCTAssertEqual(error.retryAfterSeconds, 5)
        XCTAssertFalse(error.isRetryable)
        XCTAssertEqual(error.envelope, fixture)
    }

    /// A sample added to the folder without a type to check it with fails here.
    func testEveryFixtureIsChecked() throws {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        let checked = Set(Self.answers.keys).union(Self.requests.keys).union(["error-envelope"])
        XCTAssertEqual(Set(names), checked)
    }

    private static func fixture(_ name: String) throws -> JSONValue {
        let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try JSONParser.parse(Array(try Data(contentsOf: url)), maxDepth: 64)
    }
}
