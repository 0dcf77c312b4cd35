import FolioModel
import VaultService
import WireModel
import XCTest

/// A store adopted from its snapshot runs its unfinished effects again: a creation keyed by the store's request
/// makes its entry once however often it runs.
extension VaultRepositoryTests {
    func testACreationRunAgainWithItsKeyHoldsOneEntryAndAnswersTheSameID() async throws {
        let owner = account()
        let key = "vlt_\(RandomID.base32(count: 26))-7"
        let first = try await repository.write(
            .create(record: note), account: owner, session: .transient, creationKey: key)
        let again = try await repository.write(
            .create(record: note), account: owner, session: .transient, creationKey: key)
        let id = try XCTUnwrap(first.createdID)
        XCTAssertEqual(again.createdID, id)
        XCTAssertTrue(id.hasPrefix("D_") && id.count == 28, id)
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.map(\.header.id), [id])
    }

    func testCreationsWithOtherKeysOrNoneMakeEntriesOfTheirOwn() async throws {
        let owner = account()
        let store = "vlt_\(RandomID.base32(count: 26))"
        let first = try await repository.write(
            .create(record: note), account: owner, session: .transient, creationKey: "\(store)-1")
        let second = try await repository.write(
            .create(record: note), account: owner, session: .transient, creationKey: "\(store)-2")
        let folder = try await repository.write(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Trips"}"#)),
            account: owner, session: .transient, creationKey: "\(store)-3")
        _ = try await repository.write(.create(record: note), account: owner, session: .transient)
        XCTAssertNotEqual(first.createdID, second.createdID)
        XCTAssertTrue(folder.createdID?.hasPrefix("F_") == true)
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.count, 3)
    }
}
