import FolioModel
import Foundation
import XCTest

/// Bad input to the authentication ceremony through the Gateway: each gets a clear error and changes nothing.
extension FoundationStackTests {
    private func state(_ store: String, token: String) async throws -> JSONValue? {
        try await rpc("store.state", ["storeId": .string(store)], token: token)["result"]
    }

    private func refusedDispatch(_ store: String, _ action: JSONValue, token: String) async throws -> JSONValue {
        let reply = try await rpc("store.dispatch", ["storeId": .string(store), "action": action], token: token)
        return try XCTUnwrap(reply["error"], "refused: \(reply)")
    }

    func testAMalformedEmailOrPhoneIsInvalidParamsAndChangesNothing() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let before = try await state(auth, token: token)
        let phone: JSONValue = [
            "type": "START",
            "value": [
                "value": [
                    "type": "SIGN_IN",
                    "value": [
                        "value": [
                            "type": "WITH_IDENTIFIER",
                            "value": ["identifier": ["type": "PHONE", "value": ["value": "call me maybe"]]],
                        ]
                    ],
                ]
            ],
        ]
        for (action, field) in [(signIn(email: "person(at)example.org"), "an email"), (phone, "a phone number")] {
            let error = try await refusedDispatch(auth, action, token: token)
            XCTAssertEqual(error["code"], -32602, "\(error)")
            XCTAssertTrue(error["data"]?.stringValue?.contains("must be \(field)") == true, "\(error)")
        }
        let after = try await state(auth, token: token)
        XCTAssertEqual(after, before, "nothing changed")
    }

    func testAPasswordOver4KiBIsRefusedAndTheStepStaysOpen() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        let before = try await state(auth, token: token)
        let error = try await refusedDispatch(
            auth, answer("PASSWORD", String(repeating: "p", count: 4097)), token: token)
        XCTAssertEqual(error["code"], -32602, "\(error)")
        XCTAssertTrue(error["data"]?.stringValue?.contains("at most 4096 bytes") == true, "\(error)")
        let after = try await state(auth, token: token)
        XCTAssertEqual(after, before, "the Password step is still open, without an error")
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testAnAnswerToACancelledCeremonyDoesNothing() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, ["type": "CANCEL"], token: token)
        _ = try await follow(auth, token: token) { $0["flow"] == ["type": "IDLE"] }
        let (idle, after) = try await modelsAroundHandled(
            auth, [answer("PASSWORD", "chen-Password-1"), ["type": "RESEND_OTP"]], token: token)
        XCTAssertEqual(after, idle, "handled, and the flow is still Idle")
    }

    func testAnotherRuntimesTokenGetsTheErrorOfAnUnknownStore() async throws {
        let (_, auth) = try await mountAuth(organization: "org_bluebank")
        let (otherToken, _) = try await mountAuth(organization: "org_bluebank")
        let foreign = try await rpc("store.state", ["storeId": .string(auth)], token: otherToken)
        let unknown = try await rpc("store.state", ["storeId": "ath_aaaaaaaaaaaaaaaaaaaaaaaaaa"], token: otherToken)
        XCTAssertNotNil(foreign["error"], "\(foreign)")
        XCTAssertEqual(foreign["error"]?["code"], unknown["error"]?["code"], "\(foreign) vs \(unknown)")
        XCTAssertEqual(foreign["error"]?["message"], unknown["error"]?["message"])
        let dispatched = try await rpc(
            "store.dispatch", ["storeId": .string(auth), "action": ["type": "CANCEL"]], token: otherToken)
        XCTAssertEqual(dispatched["error"]?["code"], unknown["error"]?["code"], "\(dispatched)")
    }
}
