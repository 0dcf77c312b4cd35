import Crypto
import FolioModel
import VaultService
import WireModel
import XCTest

extension VaultRepositoryTests {
    func testAfterAGuestSetsAFavouriteAndALabelUpdateDeleteRestoreAndPermanentlyDeleteSucceed() async throws {
        let guest = "guest_\(RandomID.base32(count: 10))"
        let id = try await created(.create(record: note), guest)
        _ = try await repository.apply(
            .setSettings(id: id, settings: DocumentSettings(favorite: true, label: "mine")), account: guest,
            session: .transient)
        let changed = RecordContent(schema: "note", version: 2, payload: #"{"title":"Pass"}"#)
        _ = try await repository.apply(.update(id: id, record: changed), account: guest, session: .transient)
        _ = try await repository.apply(.delete(id: id), account: guest, session: .transient)
        _ = try await repository.apply(.restore(id: id), account: guest, session: .transient)
        _ = try await repository.apply(.delete(id: id), account: guest, session: .transient)
        _ = try await repository.apply(.permanentlyDelete(id: id), account: guest, session: .transient)
        let view = try await repository.view(account: guest)
        XCTAssertTrue(view.records.isEmpty, "every step went through: \(view.records)")
    }
}
