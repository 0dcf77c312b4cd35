import Crypto
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import XCTest

/// Ceremonies of the authentication page run through the whole stack: Gateway → AuthService → Folio
/// (the emulator) and back, with the runtime's session following.
extension FoundationStackTests {
    var admin: FolioEmulatorAdmin {
        FolioEmulatorAdmin(baseURL: "http://127.0.0.1:\(emulatorPort)", adminKey: "e2e-admin", httpClient: http)
    }

    /// A runtime of `organization` with AuthStore mounted: (token, auth store id).
    func mountAuth(organization: String) async throws -> (String, String) {
        let created = try await rpc("runtime.create", ["organizationId": .string(organization)])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let mounted = try await rpc("auth.mount", token: token)
        return (token, try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)"))
    }

    /// Dispatches `action`; the store's version just before it is remembered, so `settled` waits for a model
    /// the action produced rather than the one it found.
    func dispatch(_ store: String, _ action: JSONValue, token: String) async throws {
        let before = try await version(store, token: token)
        versionsBeforeDispatch.withLock { $0[store] = before }
        let reply = try await rpc("store.dispatch", ["storeId": .string(store), "action": action], token: token)
        XCTAssertEqual(reply["result"], .null, "\(reply)")
    }

    func signIn(email: String) -> JSONValue {
        [
            "type": "START",
            "value": [
                "value": [
                    "type": "SIGN_IN",
                    "value": [
                        "value": [
                            "type": "WITH_IDENTIFIER",
                            "value": ["identifier": ["type": "EMAIL", "value": ["value": .string(email)]]],
                        ]
                    ],
                ]
            ],
        ]
    }

    func answer(_ type: String, _ value: String) -> JSONValue {
        ["type": "ANSWER", "value": ["value": ["type": .string(type), "value": ["value": .string(value)]]]]
    }

    /// The next flow that waits for the person or ends the ceremony.
    func settled(_ store: String, token: String) async throws -> JSONValue {
        let after = versionsBeforeDispatch.withLock { $0[store] } ?? -1
        let model = try await follow(store, token: token, afterVersion: after) { model in
            ["AWAITING_INPUT", "AWAITING_RECOVERY_CODE_ACK", "AUTHENTICATED", "FAILED"].contains(
                model["flow"]?["type"]?.stringValue ?? "")
        }
        return try XCTUnwrap(model["flow"])
    }

    func testAOneTimeCodeFromTheMailboxSignsIn() async throws {
        let (token, auth) = try await mountAuth(organization: "org_civic")
        try await dispatch(auth, signIn(email: "emil.larsen@example.dk"), token: token)
        let asking = try await settled(auth, token: token)
        XCTAssertEqual(asking["value"]?["phase"]?["type"], "OTP", "\(asking)")
        XCTAssertEqual(asking["value"]?["phase"]?["value"]?["canResend"], true)
        let code = try await admin.lastCode(to: "emil.larsen@example.dk")
        try await dispatch(auth, answer("OTP", code), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testPasswordThenAuthenticatorCodeSignIn() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "dana@example.org"), token: token)
        let password = try await settled(auth, token: token)
        XCTAssertEqual(password["value"]?["phase"]?["type"], "PASSWORD", "\(password)")
        try await dispatch(auth, answer("PASSWORD", "dana-Password-2"), token: token)
        let totp = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "TOTP" }
        XCTAssertEqual(totp["flow"]?["type"], "AWAITING_INPUT")

        let now = Int64(try await admin.now().timeIntervalSince1970)
        let authenticator = try TOTP(secret: try TOTP.base32Decode("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"))
        try await dispatch(auth, answer("TOTP", authenticator.code(at: now)), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testAWrongPasswordStaysOnTheStepWithItsError() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "not-the-password"), token: token)
        let wrong = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(wrong["flow"]?["type"], "AWAITING_INPUT")
        XCTAssertEqual(wrong["flow"]?["value"]?["error"]?["type"], "WRONG_PASSWORD", "\(wrong)")
        XCTAssertEqual(wrong["flow"]?["value"]?["phase"]?["type"], "PASSWORD")
    }

    func testSignUpShowsTheRecoveryCodeAndSwitchesOnlyAfterItsAcknowledgement() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let email = "new.\(RandomID.base32(count: 6))@example.org"
        try await dispatch(auth, signIn(email: email), token: token)
        let choose = try await settled(auth, token: token)
        XCTAssertEqual(choose["value"]?["phase"]?["type"], "NEW_PASSWORD", "\(choose)")
        try await dispatch(auth, answer("NEW_PASSWORD", "a-Long-new-password-7"), token: token)
        let code = try await settled(auth, token: token)
        XCTAssertEqual(code["type"], "AWAITING_RECOVERY_CODE_ACK", "\(code)")
        XCTAssertNotNil(code["value"]?["code"]?.stringValue)

        let session = try await rpc("session.mount", token: token)
        let sessionStore = try XCTUnwrap(session["result"]?["storeId"]?.stringValue)
        let before = try await rpc("store.state", ["storeId": .string(sessionStore)], token: token)
        XCTAssertEqual(
            before["result"]?["model"]?["identity"]?["type"], "TRANSIENT", "no switch before the acknowledgement")

        try await dispatch(auth, ["type": "ACKNOWLEDGE_RECOVERY_CODE"], token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
        let after = try await follow(sessionStore, token: token) { $0["identity"]?["type"] == "AUTHENTICATED" }
        XCTAssertEqual(after["identity"]?["value"]?["email"]?.stringValue, email)
    }

    func testRecoveryWithTheRecoveryCodeSetsANewPasswordAndSignsIn() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let start: JSONValue = [
            "type": "START",
            "value": [
                "value": [
                    "type": "RECOVERY",
                    "value": ["identifier": ["type": "EMAIL", "value": ["value": "chen.wei@example.net"]]],
                ]
            ],
        ]
        try await dispatch(auth, start, token: token)
        let asking = try await settled(auth, token: token)
        XCTAssertEqual(asking["value"]?["phase"]?["type"], "RECOVERY_CODE", "\(asking)")
        try await dispatch(auth, answer("RECOVERY_CODE", "chen 7k2m 9qxd 4twp"), token: token)
        let reset = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "NEW_PASSWORD" }
        XCTAssertEqual(reset["flow"]?["type"], "AWAITING_INPUT")
        try await dispatch(auth, answer("NEW_PASSWORD", "chen-New-password-9"), token: token)
        var done = try await settled(auth, token: token)
        if done["type"] == "AWAITING_RECOVERY_CODE_ACK" {
            try await dispatch(auth, ["type": "ACKNOWLEDGE_RECOVERY_CODE"], token: token)
            done = try await settled(auth, token: token)
        }
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testResendOtpSendsANewCodeAndTheOldOneNoLongerWorks() async throws {
        let (token, auth) = try await mountAuth(organization: "org_civic")
        try await dispatch(auth, signIn(email: "emil.larsen@example.dk"), token: token)
        _ = try await settled(auth, token: token)
        let first = try await admin.lastCode(to: "emil.larsen@example.dk")
        try await dispatch(auth, ["type": "RESEND_OTP"], token: token)
        var second = first
        for _ in 0..<50 where second == first {
            second = try await admin.lastCode(to: "emil.larsen@example.dk")
            if second == first { try await Task.sleep(for: .milliseconds(50)) }
        }
        XCTAssertNotEqual(second, first, "a new code was sent")
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("OTP", first), token: token)
        let wrong = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(wrong["flow"]?["value"]?["error"]?["type"], "WRONG_CODE", "\(wrong)")
        try await dispatch(auth, answer("OTP", second), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testAVerificationConfirmsThePersonWithoutChangingTheSession() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let signedIn = try await settled(auth, token: token)
        XCTAssertEqual(signedIn["type"], "AUTHENTICATED", "\(signedIn)")

        let verify: JSONValue = [
            "type": "START", "value": ["value": ["type": "VERIFICATION", "value": ["value": ["operation": nil]]]],
        ]
        try await dispatch(auth, verify, token: token)
        let asking = try await follow(auth, token: token) {
            $0["flow"]?["type"] == "AWAITING_INPUT" || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(asking["flow"]?["value"]?["phase"]?["type"], "PASSWORD", "\(asking)")
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let confirmed = try await settled(auth, token: token)
        XCTAssertEqual(confirmed["type"], "AUTHENTICATED", "\(confirmed)")
        let session = try await rpc("session.mount", token: token)
        let sessionStore = try XCTUnwrap(session["result"]?["storeId"]?.stringValue)
        let state = try await follow(sessionStore, token: token) { $0["status"] == ["type": "ACTIVE"] }
        XCTAssertEqual(state["identity"]?["value"]?["userId"], "acct_chen", "the same identity")
    }

    func testDataRegionsAreListedEuropeanUnionFirstInTheSdkLocale() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank", "locale": "de-CH"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let mounted = try await rpc("auth.mount", token: token)
        let auth = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue)
        try await dispatch(auth, ["type": "SELECT_DATA_REGION", "value": ["region": ["type": "US"]]], token: token)
        let model = try await follow(auth, token: token) { $0["dataRegion"] == ["type": "US"] }
        XCTAssertEqual(
            model["dataRegions"]?.arrayValue?.map { $0["title"] }, ["Europäische Union", "Vereinigte Staaten"])
        XCTAssertEqual(model["dataRegions"]?.arrayValue?.map { $0["selected"] }, [false, true])
        XCTAssertEqual(model["flow"], ["type": "IDLE"], "the choice is only recorded")
    }

    func testDataRegionTitlesFollowRuntimeSetLocale() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let english = try await follow(auth, token: token) { $0["dataRegions"] != nil }
        XCTAssertEqual(english["dataRegions"]?.arrayValue?.first?["title"], "European Union")
        let reply = try await rpc("runtime.setLocale", ["locale": "de"], token: token)
        XCTAssertEqual(reply["result"], .null, "\(reply)")
        let german = try await follow(auth, token: token) {
            $0["dataRegions"]?.arrayValue?.first?["title"] == "Europäische Union"
        }
        XCTAssertEqual(german["dataRegions"]?.arrayValue?.last?["title"], "Vereinigte Staaten")
    }
}

/// Folio's limits reach the flow with their times, and a recovery can continue a waiting sign-in.
extension FoundationStackTests {
    func testALockedPasswordReportsUntilAndTheCodeCounterStillWorks() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let now = Int64(try await admin.now().timeIntervalSince1970)
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        var flow: JSONValue = .null
        for attempt in 1...5 {
            let before = try await version(auth, token: token)
            try await dispatch(auth, answer("PASSWORD", "wrong-password-\(attempt)"), token: token)
            let model = try await follow(auth, token: token, afterVersion: before) {
                $0["flow"]?["type"] == "FAILED"
                    || ($0["flow"]?["type"] == "AWAITING_INPUT" && $0["flow"]?["value"]?["error"] != nil)
            }
            flow = model["flow"] ?? .null
            if flow["type"] == "FAILED" { break }
        }
        XCTAssertEqual(flow["type"], "FAILED", "\(flow)")
        XCTAssertEqual(flow["value"]?["error"]?["type"], "LOCKED", "\(flow)")
        XCTAssertEqual(flow["value"]?["error"]?["value"]?["until"]?.intValue, now + 900, "Folio's lockoutSeconds")

        // Passwords are locked, codes are not: a new ceremony signs in with a one-time code.
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "PASSWORD" }
        try await dispatch(auth, ["type": "SELECT_ALTERNATIVE", "value": ["method": ["type": "OTP"]]], token: token)
        _ = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "OTP" }
        try await dispatch(auth, answer("OTP", try await admin.lastCode(to: "chen.wei@example.net")), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testTooManyStartsAreRateLimitedWithRetryAfter() async throws {
        let (token, auth) = try await mountAuth(organization: "org_civic")
        var flow: JSONValue = .null
        for _ in 1...11 {
            let before = try await version(auth, token: token)
            try await dispatch(auth, signIn(email: "emil.larsen@example.dk"), token: token)
            flow =
                try await follow(auth, token: token, afterVersion: before) {
                    $0["flow"]?["type"] == "AWAITING_INPUT" || $0["flow"]?["type"] == "FAILED"
                }["flow"] ?? .null
            if flow["type"] == "FAILED" { break }
        }
        XCTAssertEqual(flow["type"], "FAILED", "Start itself failed, so there is no step to go back to: \(flow)")
        XCTAssertEqual(flow["value"]?["error"]?["type"], "RATE_LIMITED", "\(flow)")
        XCTAssertEqual(flow["value"]?["error"]?["value"]?["retryAfter"]?.intValue, 600, "Folio's startWindowSeconds")
    }

    func testARecoveryStartedWhileASignInWaitsContinuesFromIt() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        let recovery: JSONValue = ["type": "START", "value": ["value": ["type": "RECOVERY", "value": [:]]]]
        try await dispatch(auth, recovery, token: token)
        let asking = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["phase"]?["type"] == "RECOVERY_CODE" || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(asking["flow"]?["type"], "AWAITING_INPUT", "the sign-in's account is recovered: \(asking)")
        try await dispatch(auth, answer("RECOVERY_CODE", "CHEN-7K2M-9QXD-4TWP"), token: token)
        let reset = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "NEW_PASSWORD" }
        XCTAssertEqual(reset["flow"]?["type"], "AWAITING_INPUT")
    }
}
