import FolioModel
import WireModel
import XCTest

@testable import VaultService

/// A creation sends its insert, the move check and the read-back together: a guest vault copied into an
/// account meanwhile still sends the new entry after the copy, and a creation of a key made twice is one entry.
extension VaultRepositoryTests {
    func testACreationInAGuestVaultCopiedMeanwhileGoesToTheAccountAndReadsNothingBack() async throws {
        let guest = "guest_\(RandomID.base32(count: 10))"
        let owner = account()
        _ = try await created(.create(record: note), guest)
        try await VaultTransfer(database: VaultDatabase(pool: pool, keyEncryptionKey: kek)).copy(from: guest, to: owner)

        let late = RecordContent(schema: "note", version: 1, payload: #"{"title":"Late"}"#)
        let result = try await repository.write(
            .create(record: late), account: guest, session: .transient, readingBack: true)
        XCTAssertEqual(result.movedTo, owner, "the write followed the copy")
        XCTAssertNil(result.patch, "the guest's read-back is not the account's view")
        let view = try await repository.view(account: owner)
        XCTAssertEqual(Set(view.records.map(\.payload)), [note.payload, late.payload])
    }

    func testACreationReadBackInItsTransactionIsTheEntryAsStoredAndAKeyMakesItOnce() async throws {
        let owner = account()
        let first = try await repository.write(
            .create(record: note), account: owner, session: .authenticated, readingBack: true, creationKey: "k1")
        let again = try await repository.write(
            .create(record: note), account: owner, session: .authenticated, readingBack: true, creationKey: "k1")
        let id = try XCTUnwrap(first.createdID)
        XCTAssertEqual(again.createdID, id)
        XCTAssertNil(first.movedTo)
        let stored = try await repository.entries([id], account: owner)
        XCTAssertEqual(first.patch, stored)
        XCTAssertEqual(again.patch, stored)
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.map(\.payload), [note.payload])
    }
}
