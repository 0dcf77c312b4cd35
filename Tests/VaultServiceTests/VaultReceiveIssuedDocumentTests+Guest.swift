import Bus
import FolioClient
import FolioModel
import Foundation
import XCTest

@testable import FolioEmulator
@testable import VaultService

/// A guest (a transient account of the organization) receives issued documents too: Folio lets guest access
/// accept an issued invite, the record joins the guest vault's feed as a record shared with it, and its fetch
/// stores it. Folio lets a guest read no share, so the receipt finds the invite among the guest's pending issued
/// invites.
final class VaultReceiveIssuedDocumentGuestTests: IssuedDocumentTestCase {
    func testAGuestAcceptsAnIssuedInviteAndTheRecordLandsInItsVault() async throws {
        let guest = try await guest()
        let issuance = try await issued(to: guest)
        let recordID = try XCTUnwrap(issuance.recordId)
        let received = try await receive(issuance.inviteId, for: guest).get()
        XCTAssertEqual(received, ["recordId": .string(recordID)])
        let view = try await services.repository.view(account: guest.id)
        let record = try XCTUnwrap(view.records.first { $0.header.id == recordID })
        XCTAssertEqual(record.header.schema, "digital")
        XCTAssertEqual(record.header.permission, .view, "the issuer owns it; the guest may view it")
        let listed = try await documents()
        XCTAssertEqual(listed["documents"]?.arrayValue?.first?["id"], .string(recordID))
        XCTAssertEqual(listed["documents"]?.arrayValue?.first?["body"]?["issuanceId"], .string(issuance.id))
    }

    func testAGuestReceivingTwiceAnswersTheSameRecordAndAcceptsNothingTwice() async throws {
        let guest = try await guest()
        let issuance = try await issued(to: guest)
        let first = try await receive(issuance.inviteId, for: guest).get()
        try await admin.advanceClock(seconds: 30)
        let second = try await receive(issuance.inviteId, for: guest).get()
        XCTAssertEqual(second, first)
    }

    func testAGuestPassSucceedsWhileAnIssuedInviteWaitsAndAfterItIsAccepted() async throws {
        let guest = try await guest()
        let issuance = try await issued(to: guest)
        // The invite is in the guest's feed: its pass must not ask Folio for the guest's shares (Folio refuses).
        let waiting = await services.sync.pass(guest)
        XCTAssertTrue(waiting.succeeded, "\(waiting)")
        _ = try await receive(issuance.inviteId, for: guest).get()
        let after = await services.sync.pass(guest)
        XCTAssertTrue(after.succeeded, "\(after)")
    }

    func testAGuestReadsThePhotoOfItsDocument() async throws {
        let guest = try await guest()
        let issuance = try await issued(to: guest)
        _ = try await receive(issuance.inviteId, for: guest).get()
        let listed = try await documents()
        let reference = try XCTUnwrap(
            listed["documents"]?.arrayValue?.first?["photos"]?.objectValue?.values.first?.stringValue)
        let answer = try await getBytes(reference).get()
        XCTAssertEqual(answer["mediaType"], "image/png")
        let bytes = try XCTUnwrap(answer["bytes"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        XCTAssertEqual(Array(bytes), SamplePhoto.bytes)
    }
}
