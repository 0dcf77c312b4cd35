import AuthService
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// AuthStore's model schema against models of every flow step, phase, error and passkey request.
extension AuthStoreContractTests {
    private static let phases: [AuthPhase] =
        AuthSocialProvider.allCases.map { .socialCallback(provider: $0) } + [
            .password,
            .otp(channel: .email, destination: "p***@example.com", length: 6, canResend: true),
            .otp(channel: .sms, destination: "+41 ** *** ** 67", length: 8, canResend: false),
            .totp, .recoveryCode, .newPassword,
            .socialRedirect(provider: .github, authorizationUrl: "https://github.com/login/oauth", state: "s1"),
            .socialCallback(provider: .apple), .socialCallback(provider: nil),
            .integratorAttestation(nonce: "n-42"),
            .deviceApproval(
                challengeId: "dc_7", freshDeviceFingerprint: "fp:ab12",
                freshDevicePlatform: Platform(os: "WEB", osVersion: "Linux x86_64", model: "Firefox 126"),
                expiresInSeconds: 300),
            .deviceApproval(
                challengeId: "dc_8", freshDeviceFingerprint: "fp:cd34", freshDevicePlatform: Platform(os: "IOS"),
                expiresInSeconds: 0),
        ]

    private static let errors: [AuthError] = [
        .wrongPassword, .wrongCode, .wrongRecoveryCode, .weakPassword, .rateLimited(retryAfter: nil),
        .rateLimited(retryAfter: 30), .locked(until: nil), .locked(until: 1_767_225_600), .passkeyCancelled,
        .passkeyFailed, .unsupported(capability: "passkey"), .sessionUnavailable, .accountNotFound, .notSignedIn,
        .expired, .socialStateMismatch, .socialRejected, .attestationRejected, .deviceLinkRejected, .network,
        .unknown(message: nil), .unknown(message: "the service restarted before the password was sent; type it again"),
    ]

    private static let passkeyRequests: [PasskeyRequest] = [
        PasskeyRequest(
            requestId: "pk_1",
            publicKey: PasskeyRequestOptions(
                challenge: "Y2hhbGxlbmdl", rpId: "folio.example",
                allowCredentials: [PasskeyCredentialDescriptor(id: "Y3JlZA", transports: ["internal", "hybrid"])],
                userVerification: .required, timeout: 60_000)),
        PasskeyRequest(
            requestId: "pk_2",
            publicKey: PasskeyRequestOptions(
                challenge: "Y2g", rpId: "folio.example", allowCredentials: [PasskeyCredentialDescriptor(id: "Y3JlZA")],
                userVerification: .preferred)),
        PasskeyRequest(
            requestId: "pk_3",
            publicKey: PasskeyRequestOptions(challenge: "Y2g", rpId: "folio.example", userVerification: .discouraged)),
    ]

    private static var flows: [AuthFlowStep] {
        [.idle, .busy(), .awaitingRecoveryCodeAck(code: "4821-0937-5512-7730"), .authenticated]
            + passkeyRequests.map { .busy(passkeyRequest: $0) }
            + [.busy(passkeyRequest: passkeyRequests[0], error: .passkeyCancelled)]
            + phases.map { .awaitingInput(phase: $0, alternatives: AuthMethod.allCases, error: nil) }
            + [.awaitingInput(phase: .password, alternatives: [], error: .wrongPassword)]
            + errors.map {
                .awaitingInput(
                    phase: .otp(channel: .email, destination: "p***", length: 6, canResend: true),
                    alternatives: [.password], error: $0)
            }
            + errors.map { .failed(error: $0) }
    }

    func testModelsOfEveryFlowStepPhaseAndErrorConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for locale in [LocaleTag.english, try XCTUnwrap(LocaleTag("de-CH"))] {
            for region in [nil] + DataRegion.allCases {
                for flow in Self.flows {
                    checks.assertModel(AuthUiModel(flow: flow, dataRegion: region, locale: locale).json)
                }
            }
        }
        XCTAssertEqual(StoreContractChecks.types(Self.flows.map(\.json)), checks.caseTypes(of: "AuthFlowStep"))
        XCTAssertEqual(StoreContractChecks.types(Self.phases.map(\.json)), checks.caseTypes(of: "AuthPhase"))
        XCTAssertEqual(StoreContractChecks.types(Self.errors.map(\.json)), checks.caseTypes(of: "AuthError"))
        XCTAssertEqual(Set(OtpChannel.allCases.map(\.wireType)), checks.caseTypes(of: "OtpChannel"))
    }

    func testTheModelExamplesOfTheDocsConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        let flows = [
            #"{"type":"AWAITING_INPUT","value":{"phase":{"type":"OTP","value":{"channel":{"type":"EMAIL"},"destination":"p***@example.com","length":6,"canResend":true}},"alternatives":[{"type":"PASSWORD"}]}}"#,
            #"{"type":"AWAITING_INPUT","value":{"phase":{"type":"PASSWORD"},"alternatives":[{"type":"PASSKEY"},{"type":"OTP"}],"error":{"type":"WRONG_PASSWORD"}}}"#,
            #"{"type":"BUSY","value":{"passkeyRequest":{"requestId":"pk_1","publicKey":{"challenge":"Y2hhbGxlbmdl","rpId":"folio.example","allowCredentials":[{"type":"public-key","id":"Y3JlZA","transports":["internal","hybrid"]}],"userVerification":"required","timeout":60000}}}}"#,
            #"{"type":"FAILED","value":{"error":{"type":"RATE_LIMITED","value":{}}}}"#,
        ]
        for flow in flows {
            checks.assertModel(
                StoreContractChecks.json(
                    #"{"flow":\#(flow),"dataRegions":[{"region":{"type":"EU"},"title":"European Union","selected":false},{"region":{"type":"US"},"title":"United States","selected":true}],"dataRegion":{"type":"US"}}"#
                ))
        }
    }

    func testAModelWithAnUnknownMemberOrCaseBreaksTheModelSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for text in [
            #"{"flow":{"type":"IDLE"},"dataRegions":[],"locale":"en"}"#,
            #"{"flow":{"type":"SLEEPING"},"dataRegions":[]}"#,
            #"{"flow":{"type":"FAILED","value":{"error":{"type":"RATE_LIMITED"}}},"dataRegions":[]}"#,
            #"{"flow":{"type":"BUSY","value":{"error":{"type":"PASSKEY_FAILED"}}},"dataRegions":[]}"#,
            #"{"flow":{"type":"IDLE"}}"#,
        ] {
            XCTAssertNotEqual(checks.contract.modelViolations(StoreContractChecks.json(text)), [], text)
        }
    }
}
