import AuthService
import FolioModel
import Foundation
import WireModel
import XCTest

/// The wire shapes of AuthUiModel, AuthFlowStep and AuthPhase: each case's JSON is the TypeScript shape,
/// written out literally, and reads back to the same value (also through Codable, which snapshots use).
final class AuthModelFlowTests: XCTestCase {
    static let passkeyRequest = PasskeyRequest(
        requestId: "pk_1",
        publicKey: PasskeyRequestOptions(
            challenge: "Y2hhbGxlbmdl", rpId: "folio.example",
            allowCredentials: [PasskeyCredentialDescriptor(id: "Y3JlZA", transports: ["internal", "hybrid"])],
            userVerification: .required, timeout: 60_000))

    func testOtpStepHasTheDocumentedShape() throws {
        let step = AuthFlowStep.awaitingInput(
            phase: .otp(channel: .email, destination: "p***@example.com", length: 6, canResend: true),
            alternatives: [.password], error: nil)
        try assertWire(
            step,
            #"{"type":"AWAITING_INPUT","value":{"phase":{"type":"OTP","value":{"channel":{"type":"EMAIL"},"destination":"p***@example.com","length":6,"canResend":true}},"alternatives":[{"type":"PASSWORD"}]}}"#
        )
        // The spec's React snippet reads the model unchanged.
        let flow = step.json
        XCTAssertEqual(flow["type"], "AWAITING_INPUT")
        XCTAssertEqual(flow["value"]?["phase"]?["type"], "OTP")
        XCTAssertEqual(flow["value"]?["phase"]?["value"]?["length"], .int(6))
        XCTAssertEqual(flow["value"]?["phase"]?["value"]?["canResend"], true)
        XCTAssertNil(flow["value"]?["error"], "an absent error is left out, like undefined")
    }

    func testEveryFlowStep() throws {
        try assertWire(AuthFlowStep.idle, #"{"type":"IDLE"}"#)
        try assertWire(AuthFlowStep.busy(), #"{"type":"BUSY"}"#)
        try assertWire(
            AuthFlowStep.busy(passkeyRequest: Self.passkeyRequest),
            #"{"type":"BUSY","value":{"passkeyRequest":{"requestId":"pk_1","publicKey":{"challenge":"Y2hhbGxlbmdl","rpId":"folio.example","allowCredentials":[{"type":"public-key","id":"Y3JlZA","transports":["internal","hybrid"]}],"userVerification":"required","timeout":60000}}}}"#
        )
        // A passkey-only step offering the dialog again after the last one was cancelled.
        try assertWire(
            AuthFlowStep.busy(passkeyRequest: Self.passkeyRequest, error: .passkeyCancelled),
            #"{"type":"BUSY","value":{"passkeyRequest":{"requestId":"pk_1","publicKey":{"challenge":"Y2hhbGxlbmdl","rpId":"folio.example","allowCredentials":[{"type":"public-key","id":"Y3JlZA","transports":["internal","hybrid"]}],"userVerification":"required","timeout":60000}},"error":{"type":"PASSKEY_CANCELLED"}}}"#
        )
        try assertWire(
            AuthFlowStep.awaitingInput(phase: .password, alternatives: [.passkey, .otp], error: .wrongPassword),
            #"{"type":"AWAITING_INPUT","value":{"phase":{"type":"PASSWORD"},"alternatives":[{"type":"PASSKEY"},{"type":"OTP"}],"error":{"type":"WRONG_PASSWORD"}}}"#
        )
        try assertWire(
            AuthFlowStep.awaitingInput(phase: .totp, alternatives: [], error: .rateLimited(retryAfter: 30)),
            #"{"type":"AWAITING_INPUT","value":{"phase":{"type":"TOTP"},"alternatives":[],"error":{"type":"RATE_LIMITED","value":{"retryAfter":30}}}}"#
        )
        try assertWire(
            AuthFlowStep.awaitingRecoveryCodeAck(code: "4821-0937-5512-7730"),
            #"{"type":"AWAITING_RECOVERY_CODE_ACK","value":{"code":"4821-0937-5512-7730"}}"#)
        try assertWire(AuthFlowStep.authenticated, #"{"type":"AUTHENTICATED"}"#)
        try assertWire(
            AuthFlowStep.failed(error: .locked(until: 1_767_225_600)),
            #"{"type":"FAILED","value":{"error":{"type":"LOCKED","value":{"until":1767225600}}}}"#)
    }

    func testBusyMatchesWithOrWithoutAPasskeyRequest() {
        for step in [AuthFlowStep.busy(), .busy(passkeyRequest: Self.passkeyRequest)] {
            guard case .busy = step else { return XCTFail("\(step) is not busy") }
        }
        XCTAssertNotEqual(AuthFlowStep.busy(), .busy(passkeyRequest: Self.passkeyRequest))
    }

    func testPasskeyRequestLeavesOutWhatIsAbsent() throws {
        try assertWire(PasskeyCredentialDescriptor(id: "Y3JlZA"), #"{"type":"public-key","id":"Y3JlZA"}"#)
        try assertWire(
            PasskeyRequestOptions(challenge: "Y2g", rpId: "folio.example"),
            #"{"challenge":"Y2g","rpId":"folio.example","allowCredentials":[],"userVerification":"preferred"}"#)
    }

    func testEveryPhase() throws {
        try assertWire(AuthPhase.password, #"{"type":"PASSWORD"}"#)
        try assertWire(
            AuthPhase.otp(channel: .sms, destination: "+41 ** *** ** 67", length: 8, canResend: false),
            #"{"type":"OTP","value":{"channel":{"type":"SMS"},"destination":"+41 ** *** ** 67","length":8,"canResend":false}}"#
        )
        try assertWire(AuthPhase.totp, #"{"type":"TOTP"}"#)
        try assertWire(AuthPhase.recoveryCode, #"{"type":"RECOVERY_CODE"}"#)
        try assertWire(AuthPhase.newPassword, #"{"type":"NEW_PASSWORD"}"#)
        try assertWire(
            AuthPhase.socialRedirect(
                provider: .github, authorizationUrl: "https://folio.example/oauth/github/authorize?state=s1",
                state: "s1"),
            #"{"type":"SOCIAL_REDIRECT","value":{"provider":{"type":"GITHUB"},"authorizationUrl":"https://folio.example/oauth/github/authorize?state=s1","state":"s1"}}"#
        )
        try assertWire(
            AuthPhase.socialCallback(provider: .apple),
            #"{"type":"SOCIAL_CALLBACK","value":{"provider":{"type":"APPLE"}}}"#)
        try assertWire(AuthPhase.socialCallback(provider: nil), #"{"type":"SOCIAL_CALLBACK","value":{}}"#)
        try assertWire(
            AuthPhase.integratorAttestation(nonce: "n-42"),
            #"{"type":"INTEGRATOR_ATTESTATION","value":{"nonce":"n-42"}}"#)
        try assertWire(
            AuthPhase.deviceApproval(
                challengeId: "dc_7", freshDeviceFingerprint: "fp:ab12",
                freshDevicePlatform: Platform(os: "WEB", osVersion: "Linux x86_64", model: "Firefox 126"),
                expiresInSeconds: 300),
            #"{"type":"DEVICE_APPROVAL","value":{"challengeId":"dc_7","freshDeviceFingerprint":"fp:ab12","freshDevicePlatform":{"os":"WEB","osVersion":"Linux x86_64","model":"Firefox 126"},"expiresInSeconds":300}}"#
        )
        try assertWire(Platform(os: "IOS"), #"{"os":"IOS"}"#)
    }

    func testEveryPhaseBelongsToItsMethod() {
        let phases: [(AuthPhase, AuthMethod)] = [
            (.password, .password), (.otp(channel: .email, destination: "d", length: 6, canResend: true), .otp),
            (.totp, .totp), (.recoveryCode, .recoveryCode), (.newPassword, .newPassword),
            (.socialRedirect(provider: .google, authorizationUrl: "u", state: "s"), .socialRedirect),
            (.socialCallback(provider: nil), .socialCallback),
            (.integratorAttestation(nonce: "n"), .integratorAttestation),
            (
                .deviceApproval(
                    challengeId: "c", freshDeviceFingerprint: "f", freshDevicePlatform: Platform(os: "WEB"),
                    expiresInSeconds: 1), .deviceApproval
            ),
        ]
        for (phase, method) in phases { XCTAssertEqual(phase.method, method, "\(phase)") }
    }

    func testEnumsWithoutFieldsAreObjectsOnTheWeb() throws {
        let methods: [(AuthMethod, String)] = [
            (.password, "PASSWORD"), (.otp, "OTP"), (.totp, "TOTP"), (.recoveryCode, "RECOVERY_CODE"),
            (.newPassword, "NEW_PASSWORD"), (.socialRedirect, "SOCIAL_REDIRECT"), (.socialCallback, "SOCIAL_CALLBACK"),
            (.integratorAttestation, "INTEGRATOR_ATTESTATION"), (.passkey, "PASSKEY"),
            (.deviceApproval, "DEVICE_APPROVAL"),
        ]
        XCTAssertEqual(methods.count, AuthMethod.allCases.count)
        for (method, type) in methods { try assertWire(method, #"{"type":"\#(type)"}"#) }
        let providers: [(AuthSocialProvider, String)] = [
            (.google, "GOOGLE"), (.apple, "APPLE"), (.microsoft, "MICROSOFT"), (.github, "GITHUB"),
            (.facebook, "FACEBOOK"),
        ]
        XCTAssertEqual(providers.count, AuthSocialProvider.allCases.count)
        for (provider, type) in providers { try assertWire(provider, #"{"type":"\#(type)"}"#) }
        try assertWire(OtpChannel.email, #"{"type":"EMAIL"}"#)
        try assertWire(OtpChannel.sms, #"{"type":"SMS"}"#)
        let operations: [(VerificationOperationType, String)] = [
            (.deleteAccount, "DELETE_ACCOUNT"), (.changePassword, "CHANGE_PASSWORD"), (.changeEmail, "CHANGE_EMAIL"),
            (.changePhone, "CHANGE_PHONE"), (.exportData, "EXPORT_DATA"), (.shareDocument, "SHARE_DOCUMENT"),
            (.deleteDocument, "DELETE_DOCUMENT"), (.managePasskeys, "MANAGE_PASSKEYS"),
        ]
        XCTAssertEqual(operations.count, VerificationOperationType.allCases.count)
        for (operation, type) in operations { try assertWire(operation, #"{"type":"\#(type)"}"#) }
        try assertWire(DataRegion.eu, #"{"type":"EU"}"#)
        try assertWire(DataRegion.us, #"{"type":"US"}"#)
        XCTAssertThrowsError(try AuthMethod(json: "PASSKEY"), "a bare string is not an AuthMethod")
    }

    func testAuthUiModel() throws {
        try assertWire(
            AuthUiModel(locale: .english),
            #"{"flow":{"type":"IDLE"},"dataRegions":[{"region":{"type":"EU"},"title":"European Union","selected":false},{"region":{"type":"US"},"title":"United States","selected":false}]}"#
        )
        try assertWire(
            AuthUiModel(flow: .authenticated, dataRegion: .us, locale: try XCTUnwrap(LocaleTag("de"))),
            #"{"flow":{"type":"AUTHENTICATED"},"dataRegions":[{"region":{"type":"EU"},"title":"Europäische Union","selected":false},{"region":{"type":"US"},"title":"Vereinigte Staaten","selected":true}],"dataRegion":{"type":"US"}}"#
        )
    }

    func testModelDecodingRejectsWhatItDoesNotKnow() {
        assertRejected(AuthFlowStep.self, #"{"type":"WAITING"}"#, #"$.type: unknown type "WAITING""#)
        assertRejected(AuthFlowStep.self, #"{"type":"FAILED","value":{}}"#, "$.value.error: missing")
        assertRejected(
            AuthPhase.self,
            #"{"type":"OTP","value":{"channel":{"type":"EMAIL"},"destination":"d","length":-1,"canResend":true}}"#,
            "$.value.length: must be a non-negative integer")
        assertRejected(
            PasskeyRequestOptions.self,
            #"{"challenge":"c","rpId":"r","allowCredentials":[],"userVerification":"always"}"#,
            #"$.userVerification: must be one of "required", "preferred", "discouraged""#)
    }
}

/// Asserts that `value` has the wire shape `expected` (a JSON literal) and reads back from it, directly and
/// through Codable.
func assertWire<T: WireValue>(_ value: T, _ expected: String, file: StaticString = #filePath, line: UInt = #line)
    throws
{
    let expectedJSON = try JSONParser.parse(expected)
    XCTAssertEqual(value.json, expectedJSON, "json of \(value)", file: file, line: line)
    XCTAssertEqual(try T(json: expectedJSON), value, "reading \(expected)", file: file, line: line)
    let encoded = try JSONEncoder().encode(value)
    XCTAssertEqual(try JSONParser.parse(Array(encoded)), expectedJSON, "Codable of \(value)", file: file, line: line)
    XCTAssertEqual(try JSONDecoder().decode(T.self, from: encoded), value, file: file, line: line)
}

/// Asserts that reading `text` as `T` fails with a message that contains `message`.
func assertRejected<T: WireValue>(
    _ type: T.Type, _ text: String, _ message: String, path: String = "$", file: StaticString = #filePath,
    line: UInt = #line
) {
    do {
        let value = try T(json: try JSONParser.parse(text), path: path)
        XCTFail("accepted \(text) as \(value)", file: file, line: line)
    } catch let error as WireDecodingError {
        XCTAssertTrue(
            error.description.contains(message), "\"\(error.description)\" does not contain \"\(message)\"",
            file: file, line: line)
    } catch {
        XCTFail("unexpected error \(error)", file: file, line: line)
    }
}
