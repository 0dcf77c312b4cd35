import Crypto
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import XCTest

/// The methods of the authentication page that need the client's help, through the whole stack: the hosted
/// passkey dialog, social providers, integrator attestations and device approval; and alternatives.
extension FoundationStackTests {
    /// A runtime that declared `capabilities`, with AuthStore mounted: (token, auth store id).
    func mountAuth(organization: String, capabilities: JSONValue) async throws -> (String, String) {
        let created = try await rpc(
            "runtime.create", ["organizationId": .string(organization), "capabilities": capabilities])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let mounted = try await rpc("auth.mount", token: token)
        return (token, try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)"))
    }

    func answer(_ type: String, fields: JSONValue) -> JSONValue {
        ["type": "ANSWER", "value": ["value": ["type": .string(type), "value": fields]]]
    }

    /// The passkey dialog the store asks the client to show (Busy with a passkeyRequest).
    func passkeyDialog(_ auth: String, token: String) async throws -> JSONValue {
        let model = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["passkeyRequest"] != nil || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(model["flow"]?["type"], "BUSY", "\(model)")
        return try XCTUnwrap(model["flow"]?["value"]?["passkeyRequest"], "\(model)")
    }

    /// What `navigator.credentials.get` would return for the dialog, from the emulator's authenticator.
    func passkeyAnswer(_ request: JSONValue, credentialId: String) async throws -> JSONValue {
        let challenge = try XCTUnwrap(request["publicKey"]?["challenge"]?.stringValue)
        let assertion = try await admin.passkeyAssertion(credentialId: credentialId, challenge: challenge)
        return answer(
            "PASSKEY",
            fields: ["requestId": request["requestId"] ?? nil, "outcome": ["type": "ASSERTION", "value": assertion]])
    }

    func testAPasskeyOnlyAccountOpensTheHostedDialogByItselfAndSignsIn() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank", capabilities: ["webAuthn": true])
        try await dispatch(auth, signIn(email: "pia@example.org"), token: token)
        let request = try await passkeyDialog(auth, token: token)
        XCTAssertEqual(
            request["publicKey"]?["allowCredentials"]?.arrayValue?.first?["id"], "pk_pia_phone", "\(request)")
        try await dispatch(auth, try await passkeyAnswer(request, credentialId: "pk_pia_phone"), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
        let identity = try await follow(try await sessionStore(token: token), token: token) {
            $0["identity"]?["type"] == "AUTHENTICATED"
        }
        XCTAssertEqual(identity["identity"]?["value"]?["userId"], "acct_pia")
    }

    func testWithoutPasskeySupportAPasskeyOnlyStepFailsWithUnsupported() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "pia@example.org"), token: token)
        let failed = try await settled(auth, token: token)
        XCTAssertEqual(failed["type"], "FAILED", "\(failed)")
        XCTAssertEqual(failed["value"]?["error"]?["type"], "UNSUPPORTED")
    }

    func testPasskeyIsOfferedOnlyToAClientThatSupportsIt() async throws {
        let (plainToken, plain) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(plain, signIn(email: "chen.wei@example.net"), token: plainToken)
        let withoutSupport = try await settled(plain, token: plainToken)
        let offered = withoutSupport["value"]?["alternatives"]?.arrayValue ?? []
        XCTAssertFalse(offered.contains(["type": "PASSKEY"]), "\(withoutSupport)")
        XCTAssertTrue(offered.contains(["type": "OTP"]), "\(withoutSupport)")

        let (token, auth) = try await mountAuth(organization: "org_bluebank", capabilities: ["webAuthn": true])
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        let withSupport = try await settled(auth, token: token)
        XCTAssertTrue(
            withSupport["value"]?["alternatives"]?.arrayValue?.contains(["type": "PASSKEY"]) == true, "\(withSupport)")
    }

    func testPasswordWithPasskeyRunsTheDialogAfterThePasswordAndSendsBoth() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank", capabilities: ["webAuthn": true])
        try await dispatch(auth, signIn(email: "ravi@example.org"), token: token)
        let password = try await settled(auth, token: token)
        XCTAssertEqual(password["value"]?["phase"]?["type"], "PASSWORD", "\(password)")
        try await dispatch(auth, answer("PASSWORD", "ravi-Password-3"), token: token)
        let request = try await passkeyDialog(auth, token: token)
        try await dispatch(auth, try await passkeyAnswer(request, credentialId: "pk_ravi_key"), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testClosingThePasskeyDialogReportsPasskeyCancelledOnTheStepItCameFrom() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank", capabilities: ["webAuthn": true])
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(
            auth, ["type": "SELECT_ALTERNATIVE", "value": ["method": ["type": "PASSKEY"]]], token: token)
        let request = try await passkeyDialog(auth, token: token)
        try await dispatch(
            auth,
            answer("PASSKEY", fields: ["requestId": request["requestId"] ?? nil, "outcome": ["type": "CANCELLED"]]),
            token: token)
        let back = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(back["flow"]?["type"], "AWAITING_INPUT", "\(back)")
        XCTAssertEqual(back["flow"]?["value"]?["error"]?["type"], "PASSKEY_CANCELLED")
        XCTAssertEqual(back["flow"]?["value"]?["phase"]?["type"], "PASSWORD", "the person can try another method")
    }

    func testSelectAlternativeSwitchesToTheOneTimeCode() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, ["type": "SELECT_ALTERNATIVE", "value": ["method": ["type": "OTP"]]], token: token)
        let otp = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "OTP" }
        XCTAssertEqual(otp["flow"]?["type"], "AWAITING_INPUT")
        let code = try await admin.lastCode(to: "chen.wei@example.net")
        try await dispatch(auth, answer("OTP", code), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testSocialSignInPassesTheAuthorizationUrlThroughAndChecksTheState() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(
            auth, ["type": "SELECT_ALTERNATIVE", "value": ["method": ["type": "SOCIAL_REDIRECT"]]], token: token)
        let redirect = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["phase"]?["type"] == "SOCIAL_REDIRECT"
        }
        let phase = try XCTUnwrap(redirect["flow"]?["value"]?["phase"]?["value"], "\(redirect)")
        XCTAssertEqual(phase["provider"], ["type": "GOOGLE"])
        let authorizationUrl = try XCTUnwrap(phase["authorizationUrl"]?.stringValue)
        let state = try XCTUnwrap(phase["state"]?.stringValue)
        XCTAssertTrue(authorizationUrl.contains("state=\(state)"), authorizationUrl)

        try await dispatch(
            auth,
            answer(
                "SOCIAL_REDIRECT",
                fields: ["provider": ["type": "GOOGLE"], "redirectUri": "bluebank://auth/callback"]),
            token: token)
        let callback = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["phase"]?["type"] == "SOCIAL_CALLBACK"
        }
        XCTAssertEqual(callback["flow"]?["type"], "AWAITING_INPUT", "\(callback)")

        // The client opens the provider's page; the provider sends the person back with a code and the state.
        let provider = try await http.send(HTTPClientRequest(method: "GET", url: authorizationUrl))
        XCTAssertEqual(provider.status, 302, String(decoding: provider.body, as: UTF8.self))
        let location = try XCTUnwrap(provider.headers["location"].flatMap(URLComponents.init(string:)))
        XCTAssertEqual(location.scheme, "bluebank")
        let code = try XCTUnwrap(location.queryItems?.first { $0.name == "code" }?.value)
        XCTAssertEqual(location.queryItems?.first { $0.name == "state" }?.value, state)

        // A replayed or foreign state is not sent and leaves the step open.
        try await dispatch(
            auth, answer("SOCIAL_CALLBACK", fields: ["code": .string(code), "state": "old-state"]), token: token)
        let mismatch = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(mismatch["flow"]?["value"]?["error"]?["type"], "SOCIAL_STATE_MISMATCH", "\(mismatch)")
        XCTAssertEqual(mismatch["flow"]?["value"]?["phase"]?["type"], "SOCIAL_CALLBACK")

        try await dispatch(
            auth, answer("SOCIAL_CALLBACK", fields: ["code": .string(code), "state": .string(state)]), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
        let session = try await follow(try await sessionStore(token: token), token: token) {
            $0["identity"]?["type"] == "AUTHENTICATED"
        }
        XCTAssertEqual(session["identity"]?["value"]?["userId"], "acct_chen")

        // The same callback again answers a ceremony that is over: nothing happens.
        let (before, after) = try await modelsAroundHandled(
            auth, [answer("SOCIAL_CALLBACK", fields: ["code": .string(code), "state": .string(state)])], token: token)
        XCTAssertEqual(after, before, "an answer to a closed ceremony, once handled, changed nothing")
    }

    /// The test key of `int_nordhealth`: the Ed25519 seed of bytes 0x40–0x5f.
    func integratorAttestation(nonce: String, email: String) throws -> String {
        let key = try Ed25519.PrivateKey(seed: Array(0x40...0x5f))
        let claims: JSONValue = ["nonce": .string(nonce), "email": .string(email)]
        return try JWS.sign(payload: claims.serialized(), protectedHeader: #"{"alg":"EdDSA","typ":"JWT"}"#, key: key)
    }

    func testAnIntegratorAttestationIsPassedThroughAndATamperedOneIsRejected() async throws {
        let (token, auth) = try await mountAuth(organization: "org_nordhealth")
        try await dispatch(auth, signIn(email: "lena@example.com"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "lena-Password-5"), token: token)
        let asking = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["phase"]?["type"] == "INTEGRATOR_ATTESTATION"
        }
        let nonce = try XCTUnwrap(asking["flow"]?["value"]?["phase"]?["value"]?["nonce"]?.stringValue, "\(asking)")
        let jwt = try integratorAttestation(nonce: nonce, email: "lena@example.com")

        var tampered = Array(jwt)
        tampered[tampered.count - 2] = tampered[tampered.count - 2] == "A" ? "B" : "A"
        try await dispatch(auth, answer("INTEGRATOR_ATTESTATION", String(tampered)), token: token)
        let rejected = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(rejected["flow"]?["value"]?["error"]?["type"], "ATTESTATION_REJECTED", "\(rejected)")
        XCTAssertEqual(rejected["flow"]?["value"]?["phase"]?["type"], "INTEGRATOR_ATTESTATION", "the step stays open")

        try await dispatch(auth, answer("INTEGRATOR_ATTESTATION", jwt), token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testDeviceApprovalShowsThisDeviceAndCompletesWithTheTrustedDevicesAcknowledgement() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank", capabilities: ["platform": "IOS"])
        try await dispatch(auth, signIn(email: "omar@example.org"), token: token)
        _ = try await settled(auth, token: token)
        let (asking, idle) = try await modelsAroundHandled(
            auth, [["type": "COMPLETE_DEVICE_LINK", "value": ["challengeId": "dac_early", "transferAck": "c2ln"]]],
            token: token)
        XCTAssertEqual(idle["flow"]?["value"]?["phase"]?["type"], "PASSWORD", "\(idle)")
        XCTAssertEqual(idle, asking, "CompleteDeviceLink, once handled, did nothing without a device-approval step")

        try await dispatch(auth, answer("PASSWORD", "omar-Password-4"), token: token)
        let approval = try await follow(auth, token: token) {
            $0["flow"]?["value"]?["phase"]?["type"] == "DEVICE_APPROVAL"
        }
        let phase = try XCTUnwrap(approval["flow"]?["value"]?["phase"]?["value"], "\(approval)")
        XCTAssertEqual(phase["freshDevicePlatform"]?["os"], "IOS", "the platform the client declared")
        XCTAssertEqual(approval["flow"]?["value"]?["alternatives"], [["type": "RECOVERY_CODE"]])
        let challengeId = try XCTUnwrap(phase["challengeId"]?.stringValue)

        try await dispatch(
            auth,
            ["type": "COMPLETE_DEVICE_LINK", "value": ["challengeId": .string(challengeId), "transferAck": "c2ln"]],
            token: token)
        let refused = try await follow(auth, token: token) { $0["flow"]?["value"]?["error"] != nil }
        XCTAssertEqual(refused["flow"]?["value"]?["error"]?["type"], "DEVICE_LINK_REJECTED", "\(refused)")

        let transferAck = try await admin.approveDevice(challengeId: challengeId)
        try await dispatch(
            auth,
            [
                "type": "COMPLETE_DEVICE_LINK",
                "value": ["challengeId": .string(challengeId), "transferAck": .string(transferAck)],
            ],
            token: token)
        let done = try await settled(auth, token: token)
        XCTAssertEqual(done["type"], "AUTHENTICATED", "\(done)")
    }

    func testWhenTheSessionCannotSwitchTheFlowFailsAndSessionStoreKeepsThePreviousIdentity() async throws {
        let (token, auth) = try await mountAuth(organization: "org_bluebank")
        let sessionStore = try await sessionStore(token: token)
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await settled(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let active = try await follow(sessionStore, token: token) { $0["status"] == ["type": "ACTIVE"] }
        let previous = try XCTUnwrap(active["identity"])

        // Folio now signs with a key the service has not seen, and its key set cannot be fetched.
        _ = try await admin.rotateKeys()
        _ = try await admin.injectFault(EmulatorFault(route: "GET /.well-known/jwks.json", count: 1000, status: 503))
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "PASSWORD" }
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let failed = try await follow(auth, token: token) { $0["flow"]?["type"] == "FAILED" }
        _ = try await admin.clearFaults()
        XCTAssertEqual(failed["flow"]?["value"]?["error"]?["type"], "SESSION_UNAVAILABLE", "\(failed)")
        let session = try await follow(sessionStore, token: token) { $0["status"] == ["type": "DEVICE"] }
        XCTAssertEqual(session["identity"], previous, "the previous identity, again with status Device")
    }

    func sessionStore(token: String) async throws -> String {
        let session = try await rpc("session.mount", token: token)
        return try XCTUnwrap(session["result"]?["storeId"]?.stringValue, "\(session)")
    }
}
