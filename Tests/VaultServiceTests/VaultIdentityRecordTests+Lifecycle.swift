import Bus
import FolioModel
import Postgres
import WireModel
import XCTest

@testable import VaultService

extension VaultIdentityRecordTests {
    func testALookupAnswersNullOnceTheRecordIsDeletedAndAgainAfterItIsPermanentlyDeleted() async throws {
        let saved = try await save(saveParams(files: [Self.file(Self.attachmentID(), "a")])).get()
        let recordID = try XCTUnwrap(saved["recordId"]?.stringValue)
        let repository = VaultRepository(pool: pool, keyEncryptionKey: kek)
        _ = try await repository.apply(.delete(id: recordID), account: owner, session: .authenticated)
        let afterDelete = try await lookup()
        XCTAssertEqual(afterDelete, ["record": .null])
        _ = try await repository.apply(.restore(id: recordID), account: owner, session: .authenticated)
        let afterRestore = try await lookup()
        XCTAssertEqual(afterRestore, ["record": ["recordId": .string(recordID), "content": identity.json]])
        _ = try await repository.apply(.delete(id: recordID), account: owner, session: .authenticated)
        _ = try await repository.apply(.permanentlyDelete(id: recordID), account: owner, session: .authenticated)
        let afterPurge = try await lookup()
        XCTAssertEqual(afterPurge, ["record": .null])

        // A new save of the same document makes a new record, which the fingerprint names from then on.
        let again = try await save(saveParams(files: [Self.file(Self.attachmentID(), "b")])).get()
        let newID = try XCTUnwrap(again["recordId"]?.stringValue)
        XCTAssertNotEqual(newID, recordID)
        let found = try await lookup()
        XCTAssertEqual(found, ["record": ["recordId": .string(newID), "content": identity.json]])
    }

    func testASaveFollowsTheContentRulesOfEveryWrite() async throws {
        let refusals: [(RecordContent, JSONValue)] = [
            (
                RecordContent(schema: "digital", version: 1, payload: "{}"),
                ["type": "UNKNOWN_SCHEMA", "value": ["message": "\"digital\" is reserved for issued documents"]]
            ),
            (
                RecordContent(schema: "identity", version: 1, payload: "{"),
                "CODEC"
            ),
        ]
        for (content, expected) in refusals {
            let refused = await save(saveParams(content: content, files: [Self.file(Self.attachmentID(), "a")]))
            XCTAssertThrowsError(try refused.get(), content.schema) { error in
                let data = (error as? JSONRPCError)?.data
                if expected.stringValue != nil {
                    XCTAssertEqual(data?["type"], expected, "\(error)")
                } else {
                    XCTAssertEqual(data, expected)
                }
            }
        }
        let missing = await save(
            saveParams(recordID: "D_" + RandomID.base32(count: 26), files: [Self.file(Self.attachmentID(), "a")]))
        XCTAssertThrowsError(try missing.get()) { error in
            XCTAssertEqual((error as? JSONRPCError)?.data?["type"], "NOT_FOUND")
        }
        let entries = try await count("vault_entries")
        XCTAssertEqual(entries, 0)
    }

    func testASignInCopiesTheGuestsIdentityRecordsSoTheAccountFindsThemAndRetriesAreAnsweredThere() async throws {
        let guest = "guest_\(RandomID.base32(count: 10))"
        let guestRuntime = "rt_guest_\(RandomID.base32(count: 10))"
        let asGuest = router(accounts: [guestRuntime: VaultAccount(id: guest, kind: .transient)])
        let id = Self.attachmentID()
        var params = saveParams(saveID: "save_guest", files: [Self.file(id, "a")])
        params = .object((params.objectValue ?? [:]).merging(["runtimeId": .string(guestRuntime)]) { $1 })
        let saved = try await call("vaultinternal.saveIdentityRecord", params, on: asGuest).get()
        let recordID = try XCTUnwrap(saved["recordId"]?.stringValue)

        try await VaultTransfer(database: VaultDatabase(pool: pool, keyEncryptionKey: kek)).copy(from: guest, to: owner)

        let found = try await lookup()
        XCTAssertEqual(found, ["record": ["recordId": .string(recordID), "content": identity.json]])
        params = .object((params.objectValue ?? [:]).merging(["runtimeId": .string(runtimeID)]) { $1 })
        let retried = try await save(params).get()
        XCTAssertEqual(retried, saved, "the save id's answer moved with the vault")

        // The account's next save of the document names it under the account's own key.
        let updated = RecordContent(schema: "identity", version: 1, payload: #"{"identities":[]}"#)
        _ = try await save(saveParams(recordID: recordID, content: updated, files: [])).get()
        let keys = try await pool.query(
            "SELECT hash_key_account, entry_id FROM vault_identity_records WHERE account_id = \(owner)"
        ).map { [try $0.decode(String.self, "hash_key_account"), try $0.decode(String.self, "entry_id")] }
        XCTAssertEqual(keys, [[owner, recordID]])
        let after = try await lookup()
        XCTAssertEqual(after, ["record": ["recordId": .string(recordID), "content": updated.json]])
    }
}
