import Crypto
import XCTest

@testable import VaultService

/// The photo reference of an issued document (`docphoto.<sessionTag>.<recordId>.<attachmentId>`, the ids in
/// base64url): it reads back as it was made, and its session tag belongs to one account and one Folio session.
final class DocumentPhotoReferenceTests: XCTestCase {
    private let kek = VaultKeyEncryptionKey(SymmetricKey.random())
    private let chen = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")

    func testAReferenceReadsBackAsItWasMadeWhateverItsIdsHold() throws {
        let reference = DocumentPhotoReference(
            sessionTag: "0123456789abcdef", recordID: "rec.with.dots", attachmentID: "att_ü/1")
        XCTAssertTrue(reference.text.hasPrefix("docphoto.0123456789abcdef."), reference.text)
        XCTAssertEqual(DocumentPhotoReference(reference.text), reference)
    }

    func testAnythingElseIsNoReference() {
        for text in [
            "AT_abc", "docphoto.", "docphoto.0123456789abcdef.cmVj", "docphoto.0123456789abcdeX.cmVj.YXR0",
            "docphoto.0123.cmVj.YXR0", "docphoto.0123456789abcdef..YXR0", "docphoto.0123456789abcdef.cmVj.YXR0.x",
        ] {
            XCTAssertNil(DocumentPhotoReference(text), text)
        }
    }

    func testTheSessionTagIsSixteenHexDigitsOfTheAccountAndItsFolioSession() throws {
        let tag = try DocumentPhotoReference.sessionTag(of: chen, kek: kek)
        XCTAssertEqual(tag.count, 16)
        XCTAssertTrue(tag.allSatisfy(\.isHexDigit), tag)
        XCTAssertEqual(try DocumentPhotoReference.sessionTag(of: chen, kek: kek), tag, "the same session, the same tag")
        var signedInAgain = chen
        signedInAgain.folioSessionID = "ses_2"
        XCTAssertNotEqual(try DocumentPhotoReference.sessionTag(of: signedInAgain, kek: kek), tag)
        let guest = VaultAccount(id: "guest_1", kind: .transient)
        XCTAssertNotEqual(try DocumentPhotoReference.sessionTag(of: guest, kek: kek), tag)
        let otherKey = VaultKeyEncryptionKey(SymmetricKey.random())
        XCTAssertNotEqual(
            try DocumentPhotoReference.sessionTag(of: chen, kek: otherKey), tag, "made with the service's key only")
    }
}
