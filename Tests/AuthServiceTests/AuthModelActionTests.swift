import AuthService
import Bus
import FolioModel
import WireModel
import XCTest

/// AuthAction and its payloads: the wire shape of every case, round trips, and what a malformed action is
/// rejected with (the -32602 message a client sees).
final class AuthModelActionTests: XCTestCase {
    func testStartShapes() throws {
        try assertWire(
            AuthAction.start(value: .signIn(value: .anonymous)),
            #"{"type":"START","value":{"value":{"type":"SIGN_IN","value":{"value":{"type":"ANONYMOUS"}}}}}"#)
        try assertWire(
            AuthAction.start(value: .signIn(value: .withIdentifier(identifier: .email(value: "person@example.com")))),
            #"{"type":"START","value":{"value":{"type":"SIGN_IN","value":{"value":{"type":"WITH_IDENTIFIER","value":{"identifier":{"type":"EMAIL","value":{"value":"person@example.com"}}}}}}}}"#
        )
        try assertWire(
            AuthStart.recovery(identifier: .phone(value: "+41 79 123 45 67")),
            #"{"type":"RECOVERY","value":{"identifier":{"type":"PHONE","value":{"value":"+41 79 123 45 67"}}}}"#)
        try assertWire(AuthStart.recovery(identifier: nil), #"{"type":"RECOVERY","value":{}}"#)
        try assertWire(
            AuthStart.verification(value: VerificationRequirement()), #"{"type":"VERIFICATION","value":{"value":{}}}"#)
        try assertWire(
            AuthStart.verification(
                value: VerificationRequirement(
                    operation: VerificationOperation(
                        operationType: .deleteAccount, binding: "sha256:4f2a", displayText: "Delete your account"))),
            #"{"type":"VERIFICATION","value":{"value":{"operation":{"operationType":{"type":"DELETE_ACCOUNT"},"binding":"sha256:4f2a","displayText":"Delete your account"}}}}"#
        )
    }

    func testAnswerShapes() throws {
        try assertWire(
            AuthAction.answer(value: .otp(value: "123456")),
            #"{"type":"ANSWER","value":{"value":{"type":"OTP","value":{"value":"123456"}}}}"#)
        try assertWire(
            AuthAnswer.password(value: "correct horse"), #"{"type":"PASSWORD","value":{"value":"correct horse"}}"#)
        try assertWire(AuthAnswer.totp(value: "654321"), #"{"type":"TOTP","value":{"value":"654321"}}"#)
        try assertWire(
            AuthAnswer.recoveryCode(value: "48210937551277302264"),
            #"{"type":"RECOVERY_CODE","value":{"value":"48210937551277302264"}}"#)
        try assertWire(
            AuthAnswer.newPassword(value: "n3w pass"), #"{"type":"NEW_PASSWORD","value":{"value":"n3w pass"}}"#)
        try assertWire(
            AuthAnswer.socialRedirect(provider: .microsoft, redirectUri: "com.example.app:/oauth"),
            #"{"type":"SOCIAL_REDIRECT","value":{"provider":{"type":"MICROSOFT"},"redirectUri":"com.example.app:/oauth"}}"#
        )
        try assertWire(
            AuthAnswer.socialCallback(code: "auth-code", state: "s1"),
            #"{"type":"SOCIAL_CALLBACK","value":{"code":"auth-code","state":"s1"}}"#)
        try assertWire(
            AuthAnswer.integratorAttestation(value: "eyJhbGciOiJFZERTQSJ9.eyJub25jZSI6Im4ifQ.c2ln"),
            #"{"type":"INTEGRATOR_ATTESTATION","value":{"value":"eyJhbGciOiJFZERTQSJ9.eyJub25jZSI6Im4ifQ.c2ln"}}"#)
        try assertWire(
            AuthAnswer.passkey(
                requestId: "pk_1",
                outcome: .assertion(
                    PasskeyAssertion(
                        credentialId: "Y3JlZA", clientDataJSON: "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
                        authenticatorData: "SZYN5YgO", signature: "MEUCIQ", userHandle: "dXNlcg"))),
            #"{"type":"PASSKEY","value":{"requestId":"pk_1","outcome":{"type":"ASSERTION","value":{"credentialId":"Y3JlZA","clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0","authenticatorData":"SZYN5YgO","signature":"MEUCIQ","userHandle":"dXNlcg"}}}}"#
        )
        try assertWire(
            AuthAnswer.passkey(requestId: "pk_1", outcome: .cancelled),
            #"{"type":"PASSKEY","value":{"requestId":"pk_1","outcome":{"type":"CANCELLED"}}}"#)
        try assertWire(
            AuthAnswer.passkey(requestId: "pk_1", outcome: .failed(name: "SecurityError", message: nil)),
            #"{"type":"PASSKEY","value":{"requestId":"pk_1","outcome":{"type":"FAILED","value":{"name":"SecurityError"}}}}"#
        )
    }

    func testOtherActionShapes() throws {
        try assertWire(
            AuthAction.selectAlternative(method: .passkey),
            #"{"type":"SELECT_ALTERNATIVE","value":{"method":{"type":"PASSKEY"}}}"#)
        try assertWire(AuthAction.resendOtp, #"{"type":"RESEND_OTP"}"#)
        try assertWire(AuthAction.acknowledgeRecoveryCode, #"{"type":"ACKNOWLEDGE_RECOVERY_CODE"}"#)
        try assertWire(
            AuthAction.completeDeviceLink(challengeId: "dc_7", transferAck: "c2lnbmF0dXJl"),
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"c2lnbmF0dXJl"}}"#)
        // The acknowledgement of Folio's trusted device is a compact JWS.
        try assertWire(
            AuthAction.completeDeviceLink(challengeId: "dc_7", transferAck: "eyJhbGciOiJFZERTQSJ9.e30.c2ln"),
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"eyJhbGciOiJFZERTQSJ9.e30.c2ln"}}"#
        )
        try assertWire(
            AuthAction.selectDataRegion(region: .eu), #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"EU"}}}"#
        )
        try assertWire(AuthAction.cancel, #"{"type":"CANCEL"}"#)
    }

    func testLenientWhereTheWebIs() throws {
        // undefined fields vanish from JSON; null is read as absent; a case without fields may carry {} or null.
        XCTAssertEqual(try action(#"{"type":"CANCEL","value":{}}"#), .cancel)
        XCTAssertEqual(try action(#"{"type":"RESEND_OTP","value":null}"#), .resendOtp)
        XCTAssertEqual(
            try action(#"{"type":"START","value":{"value":{"type":"RECOVERY"}}}"#),
            .start(value: .recovery(identifier: nil)))
        XCTAssertEqual(
            try action(
                #"{"type":"START","value":{"value":{"type":"VERIFICATION","value":{"value":{"operation":null}}}}}"#),
            .start(value: .verification(value: VerificationRequirement(operation: nil))))
    }

    func testRecoveryCodesMayHoldLettersAndAreUpperCased() throws {
        XCTAssertEqual(
            try action(
                #"{"type":"ANSWER","value":{"value":{"type":"RECOVERY_CODE","value":{"value":"omar-3hvn 8rlc-2zeg"}}}}"#
            ),
            .answer(value: .recoveryCode(value: "OMAR3HVN8RLC2ZEG")))
    }

    func testRecoveryCodeGroupsAreAcceptedAndRemoved() throws {
        XCTAssertEqual(
            try action(
                #"{"type":"ANSWER","value":{"value":{"type":"RECOVERY_CODE","value":{"value":"4821-0937 5512-7730"}}}}"#
            ),
            .answer(value: .recoveryCode(value: "4821093755127730")))
    }

    func testAnswersBelongToTheirMethods() {
        let answers: [(AuthAnswer, AuthMethod)] = [
            (.password(value: "p"), .password), (.otp(value: "1234"), .otp), (.totp(value: "123456"), .totp),
            (.recoveryCode(value: "12345678"), .recoveryCode), (.newPassword(value: "p"), .newPassword),
            (.socialRedirect(provider: .google, redirectUri: "https://a.example/cb"), .socialRedirect),
            (.socialCallback(code: "c", state: "s"), .socialCallback),
            (.integratorAttestation(value: "a.b.c"), .integratorAttestation),
            (.passkey(requestId: "pk", outcome: .cancelled), .passkey),
        ]
        for (answer, method) in answers { XCTAssertEqual(answer.method, method, "\(answer)") }
    }

    func testTheStartIdentifierIsWhatResendUses() {
        let email = AuthIdentifierInput.email(value: "person@example.com")
        XCTAssertEqual(AuthStart.signIn(value: .withIdentifier(identifier: email)).identifier, email)
        XCTAssertEqual(AuthStart.recovery(identifier: email).identifier, email)
        XCTAssertNil(AuthStart.signIn(value: .anonymous).identifier)
        XCTAssertNil(AuthStart.recovery(identifier: nil).identifier)
        XCTAssertNil(AuthStart.verification(value: VerificationRequirement()).identifier)
    }

    func testSecretsStayOutOfDescriptions() {
        for answer in [
            AuthAnswer.password(value: "hunter2-secret"), .newPassword(value: "hunter2-secret"),
            .recoveryCode(value: "hunter2-secret"), .otp(value: "hunter2-secret"),
            .socialCallback(code: "hunter2-secret", state: "hunter2-secret"),
        ] {
            let logged = "\(AuthAction.answer(value: answer))"
            XCTAssertFalse(logged.contains("hunter2"), logged)
            XCTAssertTrue(logged.hasPrefix("ANSWER(\(answer.method.wireType)"), logged)
        }
        XCTAssertEqual("\(AuthAction.resendOtp)", "RESEND_OTP")
    }

    func testMalformedShapesAreRejected() {
        rejected(#""START""#, "action: must be an object {type, value?}")
        rejected(#"{}"#, "action.type: missing")
        rejected(#"{"type":7}"#, "action.type: must be a string")
        rejected(
            #"{"type":"JUMP"}"#,
            #"action.type: unknown type "JUMP" (expected one of START, ANSWER, SELECT_ALTERNATIVE, RESEND_OTP, ACKNOWLEDGE_RECOVERY_CODE, COMPLETE_DEVICE_LINK, SELECT_DATA_REGION, CANCEL)"#
        )
        rejected(#"{"type":"CANCEL","extra":1}"#, #"action: unknown field "extra" (fields: type, value)"#)
        rejected(
            #"{"type":"RESEND_OTP","value":{"x":1}}"#, #"action.value: unknown field "x" (this case has no fields)"#)
        rejected(#"{"type":"RESEND_OTP","value":[]}"#, "action.value: must be an object")
        rejected(
            #"{"type":"SELECT_ALTERNATIVE","value":{"method":"PASSKEY"}}"#,
            "action.value.method: must be an object {type, value?}")
        rejected(#"{"type":"SELECT_ALTERNATIVE"}"#, "action.value.method: missing")
        rejected(
            #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"CH"}}}"#,
            #"action.value.region.type: unknown type "CH" (expected one of EU, US)"#)
        let longType = String(repeating: "X", count: 5000)
        let error = rejected(#"{"type":"\#(longType)"}"#, "XXXX…")
        XCTAssertLessThan(error?.description.count ?? .max, 400, "a hostile type is not echoed whole")
    }

    func testMalformedAnswersAreRejected() {
        rejected(answer("OTP", #"{"value":"12ab56"}"#), "action.value.value.value.value: must be 4 to 12 digits")
        rejected(answer("OTP", #"{"value":""}"#), "action.value.value.value.value: must not be empty")
        rejected(answer("OTP", #"{"value":123456}"#), "action.value.value.value.value: must be a string")
        rejected(answer("OTP", #"{}"#), "action.value.value.value.value: missing")
        rejected(
            answer("OTP", #"{"code":"123456"}"#), #"action.value.value.value: unknown field "code" (fields: value)"#)
        rejected(answer("TOTP", #"{"value":"12345"}"#), "must be 6 to 8 digits")
        rejected(answer("RECOVERY_CODE", #"{"value":"1234--5678"}"#), "optionally grouped by spaces or dashes")
        rejected(answer("RECOVERY_CODE", #"{"value":"ABCD-EFG!"}"#), "must be 8 to 64 letters or digits")
        rejected(
            answer("PASSWORD", #"{"value":"\#(String(repeating: "p", count: 4097))"}"#),
            "action.value.value.value.value: must be at most 4096 bytes of UTF-8")
        // The bound is on bytes: 1366 three-byte characters are 4098 bytes.
        rejected(
            answer("PASSWORD", #"{"value":"\#(String(repeating: "€", count: 1366))"}"#),
            "action.value.value.value.value: must be at most 4096 bytes of UTF-8")
        XCTAssertNotNil(try action(answer("PASSWORD", #"{"value":"\#(String(repeating: "p", count: 4096))"}"#)))
        rejected(answer("NEW_PASSWORD", #"{"value":""}"#), "must not be empty")
        rejected(
            answer("INTEGRATOR_ATTESTATION", #"{"value":"not-a-jwt"}"#),
            "must be a JWT: three base64url parts separated by dots")
        rejected(
            answer("INTEGRATOR_ATTESTATION", #"{"value":"a.\#(String(repeating: "b", count: 16_384)).c"}"#),
            "must be at most 16384 characters")
        rejected(
            answer("SOCIAL_REDIRECT", #"{"provider":{"type":"GOOGLE"},"redirectUri":"not a uri"}"#),
            "action.value.value.value.redirectUri: must be an absolute URI")
        rejected(
            answer("SOCIAL_REDIRECT", #"{"provider":{"type":"YAHOO"},"redirectUri":"https://a.example/cb"}"#),
            #"action.value.value.value.provider.type: unknown type "YAHOO""#)
        rejected(answer("SOCIAL_CALLBACK", #"{"code":"c"}"#), "action.value.value.value.state: missing")
        rejected(answer("SOCIAL_CALLBACK", #"{"code":"c\u0000","state":"s"}"#), "must not contain control characters")
        rejected(
            answer(
                "PASSKEY",
                #"{"requestId":"pk_1","outcome":{"type":"ASSERTION","value":{"credentialId":"Y3JlZA","clientDataJSON":"e30","authenticatorData":"YQ","signature":"++//"}}}"#
            ),
            "action.value.value.value.outcome.value.signature: must be base64url")
        rejected(
            answer("PASSKEY", #"{"requestId":"pk_1","outcome":{"type":"ASSERTION"}}"#),
            "action.value.value.value.outcome.value: missing")
        rejected(
            answer("PASSKEY", #"{"requestId":"pk 1","outcome":{"type":"CANCELLED"}}"#),
            "action.value.value.value.requestId: must be printable ASCII without spaces")
        rejected(
            answer("PASSKEY", #"{"requestId":"pk_1","outcome":{"type":"TIMEOUT"}}"#),
            #"unknown type "TIMEOUT" (expected one of ASSERTION, CANCELLED, FAILED)"#)
        rejected(answer("DEVICE_APPROVAL", #"{}"#), #"action.value.value.type: unknown type "DEVICE_APPROVAL""#)
    }

    func testMalformedStartsAndLinksAreRejected() {
        rejected(
            start(
                #"{"type":"SIGN_IN","value":{"value":{"type":"WITH_IDENTIFIER","value":{"identifier":{"type":"EMAIL","value":{"value":"person.example.com"}}}}}}"#
            ),
            "action.value.value.value.value.value.identifier.value.value: must be an email address")
        rejected(
            start(
                #"{"type":"SIGN_IN","value":{"value":{"type":"WITH_IDENTIFIER","value":{"identifier":{"type":"EMAIL","value":{"value":"a b@example.com"}}}}}}"#
            ),
            "must be an email address")
        rejected(
            start(#"{"type":"RECOVERY","value":{"identifier":{"type":"PHONE","value":{"value":"12ab"}}}}"#),
            "must be a phone number: 6 to 15 digits, optionally starting with +")
        rejected(
            start(#"{"type":"RECOVERY","value":{"identifier":{"type":"PHONE","value":{"value":"41+791234567"}}}}"#),
            "must be a phone number")
        rejected(start(#"{"type":"SIGN_IN","value":{}}"#), "action.value.value.value.value: missing")
        rejected(
            start(#"{"type":"VERIFICATION","value":{"value":{"opration":{}}}}"#),
            #"action.value.value.value.value: unknown field "opration" (fields: operation)"#)
        rejected(
            start(
                #"{"type":"VERIFICATION","value":{"value":{"operation":{"operationType":{"type":"DELETE_ACCOUNT"},"binding":""}}}}"#
            ),
            "action.value.value.value.value.operation.binding: must not be empty")
        rejected(
            start(
                #"{"type":"VERIFICATION","value":{"value":{"operation":{"operationType":{"type":"DELETE_ACCOUNT"},"binding":"b","displayText":"bell\u0007"}}}}"#
            ),
            "action.value.value.value.value.operation.displayText: must not contain control characters")
        rejected(
            start(
                #"{"type":"VERIFICATION","value":{"value":{"operation":{"operationType":{"type":"LAUNCH"},"binding":"b"}}}}"#
            ),
            #"action.value.value.value.value.operation.operationType.type: unknown type "LAUNCH""#)
        rejected(
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc 7","transferAck":"c2ln"}}"#,
            "action.value.challengeId: must be printable ASCII without spaces")
        rejected(
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"c2ln=="}}"#,
            "action.value.transferAck: must be base64url, or up to three base64url parts")
        rejected(
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"a..b"}}"#,
            "action.value.transferAck: must be base64url, or up to three base64url parts")
    }

    func testAcceptedIdentifiers() throws {
        for email in ["person@example.com", "a.b+tag@mail.example.co.uk"] {
            XCTAssertEqual(
                try AuthIdentifierInput(json: ["type": "EMAIL", "value": ["value": .string(email)]]),
                .email(value: email))
        }
        for phone in ["+41791234567", "+1 (555) 010-9999", "079 123 45 67"] {
            XCTAssertEqual(
                try AuthIdentifierInput(json: ["type": "PHONE", "value": ["value": .string(phone)]]),
                .phone(value: phone))
        }
    }

    func testARejectedActionIsAnInvalidParamsError() {
        do {
            _ = try action(#"{"type":"ANSWER","value":{"value":{"type":"OTP","value":{"value":"x"}}}}"#)
            XCTFail("accepted")
        } catch {
            XCTAssertEqual(error.invalidParams.code, -32602)
            XCTAssertEqual(error.invalidParams.data, .string(error.description))
            XCTAssertEqual(error.path, "action.value.value.value.value")
        }
    }

    func testSessionAction() throws {
        try assertWire(SessionAction.signOut, #"{"type":"SIGN_OUT"}"#)
        assertRejected(
            SessionAction.self, #"{"type":"SIGN_IN"}"#,
            #"action.type: unknown type "SIGN_IN" (expected one of SIGN_OUT)"#, path: "action")
    }

    // MARK: Helpers

    private func action(_ text: String) throws(WireDecodingError) -> AuthAction {
        do {
            return try AuthAction(json: try JSONParser.parse(text), path: "action")
        } catch let error as WireDecodingError {
            throw error
        } catch {
            preconditionFailure("test JSON does not parse: \(text)")
        }
    }

    private func answer(_ type: String, _ value: String) -> String {
        #"{"type":"ANSWER","value":{"value":{"type":"\#(type)","value":\#(value)}}}"#
    }

    private func start(_ value: String) -> String { #"{"type":"START","value":{"value":\#(value)}}"# }

    @discardableResult
    private func rejected(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line)
        -> WireDecodingError?
    {
        do {
            let value = try action(text)
            XCTFail("accepted \(value)", file: file, line: line)
            return nil
        } catch {
            XCTAssertTrue(
                error.description.contains(message), "\"\(error.description)\" does not contain \"\(message)\"",
                file: file, line: line)
            return error
        }
    }
}
