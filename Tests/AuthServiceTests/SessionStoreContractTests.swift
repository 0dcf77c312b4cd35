import AuthService
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// SessionStore's contract: `SessionUiModel` and `SessionAction`, with the shared SessionIdentity and
/// SessionStatus (examples of docs/auth-store.md).
final class SessionStoreContractTests: XCTestCase {
    private func decode(_ json: JSONValue) throws -> SessionAction { try SessionReducer.decodeAction(json) }

    func testEveryReferenceResolvesWithinTheContract() throws {
        let checks = try StoreContractChecks(SessionReducer.self)
        checks.assertSelfContained(model: "SessionUiModel", action: "SessionAction")
        XCTAssertEqual(checks.contract.schemas["SessionIdentity"], SessionIdentity.wireSchema)
        XCTAssertEqual(checks.contract.schemas["SessionStatus"], SessionStatus.wireSchema)
    }

    func testEveryActionCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(SessionReducer.self)
        let actions = [StoreContractChecks.json(#"{"type":"SIGN_OUT"}"#)]
        for action in actions { checks.assertAccepted(action, decode: decode, encode: \.json) }
        XCTAssertEqual(StoreContractChecks.types(actions), checks.caseTypes(of: "SessionAction"))
    }

    func testAnActionWithAnUnknownMemberAWrongTypeOrAnUnknownCaseIsRefused() throws {
        let checks = try StoreContractChecks(SessionReducer.self)
        for text in [
            #"{"type":"SIGN_OUT","everywhere":true}"#, #"{"type":"SIGN_OUT","value":{"everywhere":true}}"#,
            #"{"type":1}"#, #""SIGN_OUT""#, #"{"type":"SIGN_IN"}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testModelsOfEveryIdentityAndStatusConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(SessionReducer.self)
        let identities: [SessionIdentity] = [
            .transient(accountId: "acc_guest1"), .authenticated(userId: "usr_42", email: "person@example.com"),
        ]
        for identity in identities {
            for status in SessionStatus.allCases {
                checks.assertModel(SessionUiModel(identity: identity, status: status).json)
            }
        }
        XCTAssertEqual(StoreContractChecks.types(identities.map(\.json)), checks.caseTypes(of: "SessionIdentity"))
        XCTAssertEqual(Set(SessionStatus.allCases.map(\.wireType)), checks.caseTypes(of: "SessionStatus"))
        checks.assertModel(
            StoreContractChecks.json(
                #"{"identity":{"type":"AUTHENTICATED","value":{"userId":"usr_42","email":"person@example.com"}},"status":{"type":"ACTIVE"}}"#
            ))
        checks.assertModel(
            StoreContractChecks.json(
                #"{"identity":{"type":"TRANSIENT","value":{"accountId":"acc_guest1"}},"status":{"type":"DEVICE"}}"#))
    }

    func testAModelWithAnUnknownMemberOrCaseBreaksTheModelSchema() throws {
        let checks = try StoreContractChecks(SessionReducer.self)
        for text in [
            #"{"identity":{"type":"TRANSIENT","value":{"accountId":"acc_1"}},"status":{"type":"DEVICE"},"since":0}"#,
            #"{"identity":{"type":"ANONYMOUS"},"status":{"type":"DEVICE"}}"#,
            #"{"identity":{"type":"TRANSIENT","value":{"accountId":"acc_1"}},"status":"DEVICE"}"#,
            #"{"identity":{"type":"TRANSIENT","value":{"accountId":"acc_1"}}}"#,
        ] {
            XCTAssertNotEqual(checks.contract.modelViolations(StoreContractChecks.json(text)), [], text)
        }
    }
}
