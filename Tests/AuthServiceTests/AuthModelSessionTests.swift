import AuthService
import FolioModel
import WireModel
import XCTest

/// SessionStore's model: identity and status in their wire shapes.
final class AuthModelSessionTests: XCTestCase {
    func testSessionShapes() throws {
        try assertWire(
            SessionUiModel(identity: .transient(accountId: "acc_guest1"), status: .device),
            #"{"identity":{"type":"TRANSIENT","value":{"accountId":"acc_guest1"}},"status":{"type":"DEVICE"}}"#)
        try assertWire(
            SessionUiModel(identity: .authenticated(userId: "usr_42", email: "person@example.com"), status: .active),
            #"{"identity":{"type":"AUTHENTICATED","value":{"userId":"usr_42","email":"person@example.com"}},"status":{"type":"ACTIVE"}}"#
        )
        try assertWire(SessionStatus.expired, #"{"type":"EXPIRED"}"#)
        XCTAssertEqual(SessionStatus.allCases.map(\.wireType), ["DEVICE", "ACTIVE", "EXPIRED"])
    }

    func testMalformedSessionModelsAreRejected() {
        assertRejected(
            SessionUiModel.self,
            #"{"identity":{"type":"AUTHENTICATED","value":{"userId":"u"}},"status":{"type":"ACTIVE"}}"#,
            "$.identity.value.email: missing")
        assertRejected(
            SessionUiModel.self, #"{"identity":{"type":"TRANSIENT","value":{"accountId":"a"}},"status":"ACTIVE"}"#,
            "$.status: must be an object {type, value?}")
    }
}
