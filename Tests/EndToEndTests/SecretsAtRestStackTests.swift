import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// Secrets the services keep at rest, through the whole stack: a recovery code awaiting acknowledgement and an
/// inquiry's token are sealed with FOLIO_SECRETS_KEY wherever PostgreSQL holds them, and everything still works.
extension FoundationStackTests {
    /// How many rows of `table` hold `text` (exactly, no pattern) anywhere in their stored text, among the rows
    /// `scope` names: a store id for snapshots, a runtime id for the device memory (the rows of its device);
    /// nil for every row.
    func storedRows(_ table: StoredTable, holding text: String, scope: String? = nil) async throws -> Int {
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await database.close() } }
        let rows: [PostgresRow]
        switch table {
        case .snapshots:
            rows = try await database.query(
                """
                SELECT count(*)::bigint AS n FROM store_snapshots
                WHERE (\(scope)::text IS NULL OR store_id = \(scope))
                  AND strpos(state::text || pending_effects::text, \(text)) > 0
                """)
        case .deviceInquiries:
            rows = try await database.query(
                """
                SELECT count(*)::bigint AS n FROM inquiry_device_inquiries
                WHERE (\(scope)::text IS NULL OR device_id = (SELECT device_id FROM runtimes WHERE id = \(scope)))
                  AND strpos(inquiry_token, \(text)) > 0
                """)
        }
        return Int(try XCTUnwrap(rows.first).decode(Int64.self, "n"))
    }

    enum StoredTable {
        case snapshots, deviceInquiries
    }

    func testSignUpRecoveryCodeAwaitingAcknowledgementIsInNoStoredSnapshotAndTheAcknowledgementSignsIn()
        async throws
    {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "sealed.\(RandomID.base32(count: 6))@example.org"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("NEW_PASSWORD", "a-Long-new-password-7"), token: token)
        let shown = try await settled(auth, token: token)
        XCTAssertEqual(shown["type"], "AWAITING_RECOVERY_CODE_ACK", "\(shown)")
        let code = try XCTUnwrap(shown["value"]?["code"]?.stringValue, "\(shown)")
        XCTAssertGreaterThan(code.count, 8, code)
        let inSnapshots = try await storedRows(.snapshots, holding: code)
        XCTAssertEqual(inSnapshots, 0, "a snapshot holds the recovery code \(code) in clear")
        let withoutSpaces = code.replacingOccurrences(of: " ", with: "")
        let compactInSnapshots = try await storedRows(.snapshots, holding: withoutSpaces)
        XCTAssertEqual(compactInSnapshots, 0, "a snapshot holds the recovery code \(withoutSpaces) in clear")

        try await dispatch(auth, ["type": "ACKNOWLEDGE_RECOVERY_CODE"], token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(
            done["type"], "AUTHENTICATED", "the sealed snapshot and the checked session token sign in: \(done)")
    }

    func testStartedInquiryTokenIsInNeitherTheSnapshotsNorTheDeviceMemoryTableAndTheInquiryResumes() async throws {
        let (inquiryID, code) = try await createInquiry()
        let runtime = try await inquiryRuntime()
        let (token, device) = (runtime.token, runtime.device)
        let store = try await mountInquiryStore(token: token)
        try await dispatch(store, openInquiry(code), token: token)
        _ = try await followStep(store, "personal", token: token)
        // The rows exist ("" is in every row); the test-mode emulator's inquiry tokens are itk_t and six digits.
        let stored = try await storedRows(.snapshots, holding: "", scope: store)
        XCTAssertEqual(stored, 1, "the store's snapshot is stored")
        let saved = try await storedRows(.deviceInquiries, holding: "", scope: runtime.runtimeID)
        XCTAssertEqual(saved, 1, "the device saved the inquiry")
        let inSnapshot = try await storedRows(.snapshots, holding: "itk_t0", scope: store)
        XCTAssertEqual(inSnapshot, 0, "the store's snapshot holds the inquiry token in clear")
        let inDeviceMemory = try await storedRows(.deviceInquiries, holding: "itk_t0", scope: runtime.runtimeID)
        XCTAssertEqual(inDeviceMemory, 0, "inquiry_device_inquiries holds the inquiry token in clear")

        // A second runtime of the same device resumes from the sealed device memory, with the sealed token.
        let (secondToken, secondStore, _) = try await mountInquiry(deviceCredential: device)
        try await dispatch(secondStore, resumeInquiry(inquiryID), token: secondToken)
        let resumed = try await followStep(secondStore, "personal", token: secondToken)
        XCTAssertEqual(resumed["inquiry"]?["id"]?.stringValue, inquiryID, "\(resumed)")
    }
}
