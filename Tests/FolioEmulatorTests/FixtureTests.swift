import FolioClient
import FolioEmulator
import XCTest

final class FixtureTests: EmulatorTestCase {
    func testShippedFixturesLoadAndAreServed() async throws {
        let fixtures = try FixtureSet.load(from: Self.repositoryFixtures)
        XCTAssertGreaterThanOrEqual(fixtures["organizations"].count, 3)
        XCTAssertGreaterThanOrEqual(fixtures["accounts"].count, 3)

        let harness = try await startEmulator()
        let acme = try await harness.client.organization(id: "org_acme")
        XCTAssertEqual(acme.name, "Acme Insurance")
        XCTAssertTrue(acme.allowedOrigins.contains("https://app.acme-insurance.example"))
        let alice = try await harness.client.account(id: "acct_alice")
        XCTAssertEqual(alice.email, "alice@example.com")
        XCTAssertEqual(alice.organizationId, "org_acme")
        XCTAssertEqual(alice.phone, "+14155550101")
    }

    func testFilesAreLoadedRecursivelyAndDefaultsApply() async throws {
        let folder = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "more/accounts.json": """
            {"accounts": [{"id": "acct_x", "organizationId": "org_b", "email": "x@example.com"}]}
            """,
            "notes.txt": "not a fixture",
        ])
        let harness = try await startEmulator { $0.fixturesPath = folder.path }
        let account = try await harness.client.account(id: "acct_x")
        XCTAssertNil(account.phone)
        XCTAssertEqual(account.createdAt, EmulatorClock.defaultTestInstant)
        let organization = try await harness.client.organization(id: "org_a")
        XCTAssertEqual(organization.allowedOrigins, [])
    }

    func testBrokenJSONFailsTheStartNamingTheFile() async throws {
        let folder = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "broken.json": #"{"accounts": [ {"id": "acct_1", "#,
        ])
        let error = await startError(folder)
        XCTAssertEqual(error, .invalidFixture)
        XCTAssertEqual(error?.file, "broken.json")
        XCTAssertTrue("\(error.map { "\($0)" } ?? "")".contains("broken.json"))
    }

    func testMissingRequiredFieldFailsNamingTheFileAndField() async throws {
        let folder = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "accounts.json": #"{"accounts": [{"id": "acct_1", "organizationId": "org_a"}]}"#,
        ])
        let error = await startError(folder)
        XCTAssertEqual(error, .invalidFixture)
        XCTAssertEqual(error?.file, "accounts.json")
        XCTAssertTrue(error?.detail.contains("\"email\"") ?? false, "\(String(describing: error))")
    }

    func testInvalidRecordsAreRejected() async throws {
        let cases: [(file: String, contents: String, detail: String)] = [
            ("bad-type.json", #"{"organizations": [{"id": "org_c", "name": 7}]}"#, "\"name\""),
            ("unknown.json", #"{"organisations": []}"#, "unknown collection"),
            ("no-id.json", #"{"organizations": [{"name": "Nameless"}]}"#, "\"id\""),
            ("z-duplicate.json", #"{"organizations": [{"id": "org_a", "name": "Again"}]}"#, "organizations.json"),
            (
                "dangling.json", #"{"accounts": [{"id": "acct_1", "organizationId": "org_zz", "email": "a@b.c"}]}"#,
                "org_zz"
            ),
            (
                "bad-time.json", #"{"organizations": [{"id": "org_t", "name": "T", "createdAt": "yesterday"}]}"#,
                "createdAt"
            ),
            ("array.json", #"[{"id": "org_c", "name": "C"}]"#, "top level"),
        ]
        for entry in cases {
            let folder = try TemporaryFixtures([
                "organizations.json": TemporaryFixtures.organizations, entry.file: entry.contents,
            ])
            let error = await startError(folder)
            XCTAssertEqual(error, .invalidFixture, entry.file)
            XCTAssertEqual(error?.file, entry.file)
            XCTAssertTrue(error?.detail.contains(entry.detail) ?? false, "\(String(describing: error))")
        }
    }

    func testMissingFolderFailsTheStart() async throws {
        let error = await startError(path: "/nonexistent/folio-fixtures")
        XCTAssertEqual(error, .fixturesUnreadable)
    }

    func testSchemasCanBeExtended() throws {
        let folder = try TemporaryFixtures([
            "verifiers.json": #"{"verifiers": [{"id": "ver_1", "displayName": "State DMV", "levels": ["high"]}]}"#
        ])
        let schema = FixtureSchema(
            collection: "verifiers", required: ["displayName": .string], optional: ["levels": .stringArray])
        let fixtures = try FixtureSet.load(from: folder.path, schemas: FixtureSchema.standard + [schema])
        XCTAssertEqual(fixtures.record("verifiers", id: "ver_1")?.value["displayName"], "State DMV")
        XCTAssertEqual(fixtures.record("verifiers", id: "ver_1")?.file, "verifiers.json")
        XCTAssertEqual(fixtures["organizations"].count, 0)
    }

    private func startError(_ folder: TemporaryFixtures) async -> EmulatorError? {
        await startError(path: folder.path)
    }

    private func startError(path: String) async -> EmulatorError? {
        do {
            _ = try await startEmulator { $0.fixturesPath = path }
            XCTFail("the emulator started with fixtures at \(path)")
            return nil
        } catch let error as EmulatorError {
            return error
        } catch {
            XCTFail("unexpected \(error)")
            return nil
        }
    }
}
