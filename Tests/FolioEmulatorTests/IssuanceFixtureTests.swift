import FolioEmulator
import XCTest

/// The fixtures of issued documents: issuers, document templates and the `issuance` of inquiry templates.
final class IssuanceFixtureTests: EmulatorTestCase {
    private static let issuers = """
        {"issuers": [{"id": "iss_a", "name": "A", "email": "docs@a.example", "organizationId": "org_a"}]}
        """

    private static func documentTemplate(_ field: String) -> String {
        """
        {"documentTemplates": [{"id": "dtpl_a", "issuerId": "iss_a", "name": "Card", "fields": [\(field)]}]}
        """
    }

    private static func inquiryTemplate(_ issuance: String) -> String {
        """
        {"inquiryTemplates": [{"id": "tmpl_x", "defaultLocale": "en",
          "languages": [{"code": "en", "name": "English", "nativeName": "English"}],
          "steps": [{"id": "s", "screen": {"containers": []}}], "issuance": \(issuance)}]}
        """
    }

    func testTheShippedIssuersAndTemplatesLoad() async throws {
        let harness = try await startEmulator()
        let issuances = try await harness.admin.issuances()
        XCTAssertEqual(issuances, [])
        let fixtures = try FixtureSet.load(from: Self.repositoryFixtures)
        XCTAssertEqual(fixtures["issuers"].map(\.id).sorted(), ["iss_civic", "iss_demo"])
        XCTAssertEqual(fixtures["documentTemplates"].map(\.id).sorted(), ["dtpl_membership", "dtpl_residence_permit"])
    }

    func testMalformedIssuanceFixturesFailTheStartNamingTheFile() async throws {
        let good = #"{"key": "name", "kind": "TEXT", "labels": {"en": "Name"}}"#
        let cases: [(String, [String: String])] = [
            (
                "an unknown kind",
                ["issuance/bad.json": Self.documentTemplate(#"{"key": "k", "kind": "NUMBER", "labels": {"en": "K"}}"#)]
            ),
            (
                "a label without the default locale",
                ["issuance/bad.json": Self.documentTemplate(#"{"key": "k", "kind": "TEXT", "labels": {"de": "K"}}"#)]
            ),
            ("a duplicate key", ["issuance/bad.json": Self.documentTemplate(good + ", " + good)]),
            (
                "a DATE sample that is no day",
                [
                    "issuance/bad.json": Self.documentTemplate(
                        #"{"key": "d", "kind": "DATE", "labels": {"en": "D"}, "sample": "12.04.1990"}"#)
                ]
            ),
            (
                "an unknown document template",
                ["issuance/bad.json": Self.inquiryTemplate(#"{"documentTemplateId": "dtpl_none"}"#)]
            ),
            (
                "an interval out of range",
                ["issuance/bad.json": Self.inquiryTemplate(#"{"documentTemplateId": "dtpl_a", "interval": 0}"#)]
            ),
        ]
        for (name, files) in cases {
            var all = files
            all["organizations.json"] = TemporaryFixtures.organizations
            all["issuance/issuers.json"] = Self.issuers
            if files["issuance/bad.json"]?.contains("documentTemplates") == false {
                all["issuance/templates.json"] = Self.documentTemplate(good)
            }
            let folder = try TemporaryFixtures(all)
            do {
                _ = try await startEmulator { $0.fixturesPath = folder.path }
                XCTFail("\(name): the emulator started")
            } catch let error as EmulatorError {
                XCTAssertEqual(error, .invalidFixture, name)
                XCTAssertEqual(error.file, "issuance/bad.json", name)
            }
        }
    }
}
