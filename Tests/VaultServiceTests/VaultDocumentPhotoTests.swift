import Bus
import FolioClient
import FolioModel
import Foundation
import WireModel
import XCTest

@testable import FolioEmulator
@testable import VaultService

/// The photos of issued documents: `vaultinternal.documents` hands out a reference per PHOTO field, which
/// `attachment.getBytes` reads (the sealed bytes from Folio, opened with the record key) for the session that
/// listed it only (spec folio-documents.md "Photos").
final class VaultDocumentPhotoTests: IssuedDocumentTestCase {
    /// The reference of the one photo of the listed document.
    private func photoReference() async throws -> (attachmentID: String, reference: String) {
        let list = try await documents()
        let photos = try XCTUnwrap(list["documents"]?.arrayValue?.first?["photos"]?.objectValue)
        XCTAssertEqual(photos.count, 1)
        let (attachmentID, reference) = try XCTUnwrap(photos.first)
        return (attachmentID, try XCTUnwrap(reference.stringValue))
    }

    func testGetBytesOfAPhotoReferenceAnswersTheDecryptedImage() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        _ = try await receive(issuance.inviteId, for: chen).get()
        let (attachmentID, reference) = try await photoReference()
        XCTAssertTrue(attachmentID.hasPrefix("att_"), attachmentID)
        XCTAssertTrue(reference.hasPrefix("docphoto."), reference)
        let answer = try await getBytes(reference).get()
        XCTAssertEqual(answer["attachmentId"], .string(reference))
        XCTAssertEqual(answer["mediaType"], "image/png")
        let bytes = try XCTUnwrap(answer["bytes"]?.stringValue.flatMap { Data(base64Encoded: $0) })
        XCTAssertEqual(Array(bytes), SamplePhoto.bytes)
    }

    func testAReferenceOfAnEarlierSessionIsRefusedAndTheNewSessionsListingReadsAgain() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        _ = try await receive(issuance.inviteId, for: chen).get()
        let (_, earlier) = try await photoReference()
        // The runtime signed in again: the same account, another Folio session.
        let session = try await admin.createSession(accountId: chen.id)
        hold(
            VaultAccount(
                id: chen.id, kind: .authenticated, folioSessionID: session.id, organizationID: Self.organization))
        let error = failure(await getBytes(earlier))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(
            error?.data, "attachmentId: the reference belongs to an earlier session: list the documents again")
        let (_, current) = try await photoReference()
        XCTAssertNotEqual(current, earlier)
        _ = try await getBytes(current).get()
    }

    func testAReferenceIsRefusedAfterASignOut() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        _ = try await receive(issuance.inviteId, for: chen).get()
        let (_, reference) = try await photoReference()
        hold(try await guest())
        let error = failure(await getBytes(reference))
        XCTAssertEqual(
            error?.data, "attachmentId: the reference belongs to an earlier session: list the documents again")
    }

    func testAReferenceToAPhotoTheDocumentDoesNotHaveIsRefused() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        _ = try await receive(issuance.inviteId, for: chen).get()
        let (_, reference) = try await photoReference()
        let parsed = try XCTUnwrap(DocumentPhotoReference(reference))
        let other = DocumentPhotoReference(
            sessionTag: parsed.sessionTag, recordID: parsed.recordID, attachmentID: "att_other")
        let error = failure(await getBytes(other.text))
        XCTAssertEqual(error?.data, .string("attachmentId: \(parsed.recordID) has no photo att_other"))
        let malformed = failure(await getBytes("docphoto.nonsense"))
        XCTAssertEqual(malformed?.data, "attachmentId: docphoto.nonsense is not a document photo reference")
    }

    func testGetBytesOfAnAttachmentOfTheVaultIsReadAsBefore() async throws {
        let chen = try await signedIn()
        let created = try await services.repository.apply(
            .create(record: RecordContent(schema: "note", version: 1, payload: "{}")), account: chen.id,
            session: .authenticated)
        let attachments = VaultAttachments(database: services.sync.store.database)
        let id = try await attachments.add(
            account: chen.id, recordID: try XCTUnwrap(created), mediaType: "image/jpeg", bytes: [1, 2, 3])
        let answer = try await getBytes(id).get()
        XCTAssertEqual(answer, ["attachmentId": .string(id), "mediaType": "image/jpeg", "bytes": "AQID"])
    }
}
