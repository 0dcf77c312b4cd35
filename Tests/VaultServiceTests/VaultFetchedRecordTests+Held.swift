import FolioClient
import FolioModel
import Foundation
import TestSupport
import WireModel
import XCTest

@testable import VaultService

/// A page of Folio's feed reads the entries it names once (`RemoteRecordApplier.HeldEntries`); a record the
/// vault holds at its revision needs nothing more, every other one is applied as before.
extension VaultFetchedRecordTests {
    private func held(_ records: [FolioVaultRecord], account: String) async throws
        -> RemoteRecordApplier.HeldEntries
    {
        try await database.withAccount(account) { transaction, _ in
            try await RemoteRecordApplier.HeldEntries.read(records, transaction)
        }
    }

    func testARecordTheVaultHoldsAtItsRevisionOrANewerOneIsUnchangedAndANewerRevisionIsNot() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let sealed = try await sealed(#"{"v":2}"#, clientID: "D_HELD", account: account)
        func record(revision: Int64) throws -> FolioVaultRecord {
            try folioRecord(
                id: "rec_held", clientID: "D_HELD", account: account, ciphertext: sealed.body,
                wrappedKey: sealed.key, revision: revision)
        }
        _ = try await VaultSyncTables(database: database).apply(
            [try record(revision: 2)], nextCursor: "c1", account: account)
        let entries = try await held([try record(revision: 1)], account: account)
        XCTAssertTrue(entries.unchanged(try record(revision: 1)))
        XCTAssertTrue(entries.unchanged(try record(revision: 2)))
        XCTAssertFalse(entries.unchanged(try record(revision: 3)))
    }

    func testAnEntryFolioHasNotConfirmedIsFoundByItsLocalIDAndAnUnknownRecordIsNotUnchanged() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let repository = VaultRepository(database: database)
        let created = try await repository.apply(
            .create(record: RecordContent(schema: "note", version: 1, payload: #"{"local":true}"#)), account: account,
            session: .authenticated)
        let localID = try XCTUnwrap(created)
        let sealed = try await sealed("{}", clientID: "D_OTHER", account: account)
        // Folio reports the local entry back at revision 0, and a record the vault has never seen.
        let reported = try folioRecord(
            id: "rec_new", clientID: localID, account: account, ciphertext: sealed.body, wrappedKey: sealed.key,
            revision: 0)
        let unknown = try folioRecord(
            id: "rec_unknown", clientID: "D_OTHER", account: account, ciphertext: sealed.body, wrappedKey: sealed.key)
        let entries = try await held([reported, unknown], account: account)
        XCTAssertTrue(entries.unchanged(reported))
        XCTAssertFalse(entries.unchanged(unknown))
    }

    func testARecordWithSettingsOrOneWhoseKeysAnEarlierRecordOfThePageTouchedIsNotUnchanged() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let sealed = try await sealed("{}", clientID: "D_SET", account: account)
        let plain = try folioRecord(
            id: "rec_set", clientID: "D_SET", account: account, ciphertext: sealed.body, wrappedKey: sealed.key)
        _ = try await VaultSyncTables(database: database).apply([plain], nextCursor: "c1", account: account)
        var withSettings = plain
        withSettings.settings = FolioVaultSettings(
            revision: 1, ciphertext: FolioBytes([1, 2, 3]), updatedAt: Date(timeIntervalSince1970: 1_767_225_600))
        var entries = try await held([plain], account: account)
        XCTAssertTrue(entries.unchanged(plain))
        XCTAssertFalse(entries.unchanged(withSettings), "settings follow Folio's on their own revision")
        entries.applying(plain)
        XCTAssertFalse(entries.unchanged(plain), "an earlier record of the page may have changed the entry")
    }

    /// `count` records of the account as Folio reports them, `rec_<name>N` for the local entry `D_<NAME>N`.
    private func page(of count: Int, named name: String, account: String) async throws -> [FolioVaultRecord] {
        var page: [FolioVaultRecord] = []
        for index in 0..<count {
            let clientID = "D_\(name.uppercased())\(index)"
            let sealed = try await sealed(#"{"n":\#(index)}"#, clientID: clientID, account: account)
            page.append(
                try folioRecord(
                    id: "rec_\(name)\(index)", clientID: clientID, account: account, ciphertext: sealed.body,
                    wrappedKey: sealed.key))
        }
        return page
    }

    func testAPageAppliedTwiceLeavesTheVaultAsTheFirstTimeLeftIt() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let page = try await page(of: 5, named: "page", account: account)
        let store = VaultSyncTables(database: database)
        let repository = VaultRepository(database: database)
        let firstPage = try await store.apply(page, nextCursor: "c1", account: account)
        XCTAssertEqual(firstPage.failures, 0)
        let first = try await repository.view(account: account)
        XCTAssertEqual(first.records.count, 5)
        let secondPage = try await store.apply(page, nextCursor: "c2", account: account)
        XCTAssertEqual(secondPage.failures, 0)
        let second = try await repository.view(account: account)
        XCTAssertEqual(second, first)
    }

    func testAPageCountsTheRecordsItAppliedAndNoneOfThoseTheVaultHoldsAtTheirRevision() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let page = try await page(of: 3, named: "count", account: account)
        let store = VaultSyncTables(database: database)
        let first = try await store.apply(page, nextCursor: "c1", account: account)
        XCTAssertEqual(first, VaultSyncTables.FetchedPage(failures: 0, applied: 3))
        let again = try await store.apply(page, nextCursor: "c2", account: account)
        XCTAssertEqual(again, VaultSyncTables.FetchedPage(failures: 0, applied: 0), "the vault holds them all")
        var newer = page[0]
        newer.revision = 2
        let damaged = try await sealed("{}", clientID: "D_DAMAGED", account: account)
        let unopenable = try folioRecord(
            id: "rec_damaged", clientID: "D_DAMAGED", account: account, ciphertext: Array(repeating: 7, count: 64),
            wrappedKey: damaged.key)
        let mixed = try await store.apply(page + [newer, unopenable], nextCursor: "c3", account: account)
        XCTAssertEqual(mixed, VaultSyncTables.FetchedPage(failures: 1, applied: 1))
    }
}
