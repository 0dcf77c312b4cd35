import FolioModel
import XCTest

/// AuthStore follows the runtime's session, whoever changes it: a sign-out in SessionStore leaves it on the
/// guest, and a sign-in in another AuthStore of the runtime is the session a verification confirms.
extension FoundationStackTests {
    private var verification: JSONValue {
        ["type": "START", "value": ["value": ["type": "VERIFICATION", "value": ["value": ["operation": nil]]]]]
    }

    /// Signs chen in on `auth` and waits for the session to be ACTIVE.
    private func signInChen(_ auth: String, token: String) async throws {
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let signedIn = try await settled(auth, token: token)
        XCTAssertEqual(signedIn["type"], "AUTHENTICATED", "\(signedIn)")
    }

    private func mountSession(token: String) async throws -> String {
        let mounted = try await rpc("session.mount", token: token)
        return try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
    }

    func testAfterASignOutInSessionStoreAVerificationInAuthStoreIsNotSignedIn() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await signInChen(auth, token: token)
        let session = try await mountSession(token: token)
        _ = try await follow(session, token: token) { $0["status"] == ["type": "ACTIVE"] }
        try await dispatch(session, ["type": "SIGN_OUT"], token: token)
        _ = try await follow(session, token: token) { $0["identity"]?["type"] == "TRANSIENT" }

        try await dispatch(auth, verification, token: token)
        let flow = try await settled(auth, token: token)
        XCTAssertEqual(flow["type"], "FAILED", "\(flow)")
        XCTAssertEqual(flow["value"]?["error"], ["type": "NOT_SIGNED_IN"], "\(flow)")
    }

    func testAVerificationConfirmsTheSessionThatAnotherAuthStoreOfTheRuntimeSignedIn() async throws {
        let (token, guestAuth) = try await mountAuth(organization: "org_bluebank")
        let mounted = try await rpc("auth.mount", token: token)
        let otherAuth = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
        try await signInChen(otherAuth, token: token)
        let session = try await mountSession(token: token)
        _ = try await follow(session, token: token) { $0["status"] == ["type": "ACTIVE"] }

        try await dispatch(guestAuth, verification, token: token)
        let asking = try await settled(guestAuth, token: token)
        XCTAssertEqual(asking["type"], "AWAITING_INPUT", "\(asking)")
        XCTAssertEqual(asking["value"]?["phase"]?["type"], "PASSWORD", "\(asking)")
    }
}
