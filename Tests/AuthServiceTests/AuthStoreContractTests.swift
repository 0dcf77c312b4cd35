import AuthService
import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// AuthStore's contract: `AuthUiModel` and `AuthAction` with every schema they reach, held to what the store
/// writes and reads (the examples are those of docs/auth-store.md).
final class AuthStoreContractTests: XCTestCase {
    private func decode(_ json: JSONValue) throws -> AuthAction { try AuthReducer.decodeAction(json) }

    private func accepted(_ actions: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for text in actions {
            checks.assertAccepted(
                StoreContractChecks.json(text, file: file, line: line), decode: decode, encode: \.json, file: file,
                line: line)
        }
    }

    func testEveryReferenceResolvesAndTheContractListsExactlyTheSchemasTheModelAndTheActionsReach() throws {
        try StoreContractChecks(AuthReducer.self).assertSelfContained(model: "AuthUiModel", action: "AuthAction")
    }

    func testSchemasUseTheSpecNamesOfFolioEnums() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for name in ["AuthMethod", "AuthSocialProvider", "OtpChannel"] {
            XCTAssertNotNil(checks.contract.schemas[name], name)
        }
    }

    func testEveryActionCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        let actions = [
            #"{"type":"START","value":{"value":{"type":"SIGN_IN","value":{"value":{"type":"ANONYMOUS"}}}}}"#,
            #"{"type":"ANSWER","value":{"value":{"type":"OTP","value":{"value":"123456"}}}}"#,
            #"{"type":"SELECT_ALTERNATIVE","value":{"method":{"type":"PASSKEY"}}}"#,
            #"{"type":"RESEND_OTP"}"#,
            #"{"type":"ACKNOWLEDGE_RECOVERY_CODE"}"#,
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"c2lnbmF0dXJl"}}"#,
            #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"EU"}}}"#,
            #"{"type":"CANCEL"}"#,
        ]
        try accepted(actions)
        XCTAssertEqual(
            StoreContractChecks.types(actions.map { StoreContractChecks.json($0) }), checks.caseTypes(of: "AuthAction"))
        try accepted([
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc_7","transferAck":"eyJhbGciOiJFZERTQSJ9.eyJvayI6dHJ1ZX0.c2ln"}}"#,
            #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"US"}}}"#,
        ])
    }

    func testEveryStartCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        let identifiers = [
            #"{"type":"EMAIL","value":{"value":"person@example.com"}}"#,
            #"{"type":"PHONE","value":{"value":"+41 79 123 45 67"}}"#,
        ]
        let newSessions =
            [#"{"type":"ANONYMOUS"}"#]
            + identifiers.map { #"{"type":"WITH_IDENTIFIER","value":{"identifier":\#($0)}}"# }
        let operations = VerificationOperationType.allCases.map {
            #"{"operation":{"operationType":\#($0.json),"binding":"sha256:4f2a","displayText":"Delete your account"}}"#
        }
        let starts =
            newSessions.map { #"{"type":"SIGN_IN","value":{"value":\#($0)}}"# }
            + identifiers.map { #"{"type":"RECOVERY","value":{"identifier":\#($0)}}"# }
            + [#"{"type":"RECOVERY"}"#, #"{"type":"RECOVERY","value":{}}"#]
            + ([#"{}"#, #"{"operation":{"operationType":{"type":"SHARE_DOCUMENT"},"binding":"doc_1"}}"#] + operations)
            .map { #"{"type":"VERIFICATION","value":{"value":\#($0)}}"# }
        try accepted(starts.map { #"{"type":"START","value":{"value":\#($0)}}"# })
        let json = { (texts: [String]) in StoreContractChecks.types(texts.map { StoreContractChecks.json($0) }) }
        XCTAssertEqual(json(starts), checks.caseTypes(of: "AuthStart"))
        XCTAssertEqual(json(newSessions), checks.caseTypes(of: "NewSession"))
        XCTAssertEqual(json(identifiers), checks.caseTypes(of: "AuthIdentifierInput"))
        XCTAssertEqual(
            Set(VerificationOperationType.allCases.map(\.wireType)), checks.caseTypes(of: "VerificationOperationType"))
        // The spec's full sign-in example.
        try accepted([
            #"{"type":"START","value":{"value":{"type":"SIGN_IN","value":{"value":{"type":"WITH_IDENTIFIER","value":{"identifier":{"type":"EMAIL","value":{"value":"person@example.com"}}}}}}}}"#
        ])
    }

    func testEveryAnswerCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        let outcomes = [
            #"{"type":"ASSERTION","value":{"credentialId":"Y3JlZA","clientDataJSON":"eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0","authenticatorData":"YXV0aA","signature":"c2ln","userHandle":"dXNlcg"}}"#,
            #"{"type":"ASSERTION","value":{"credentialId":"Y3JlZA","clientDataJSON":"Y2Q","authenticatorData":"YXV0aA","signature":"c2ln"}}"#,
            #"{"type":"CANCELLED"}"#,
            #"{"type":"FAILED","value":{"name":"SecurityError","message":"The operation is insecure."}}"#,
            #"{"type":"FAILED","value":{}}"#,
            #"{"type":"FAILED"}"#,
        ]
        let answers =
            [
                #"{"type":"PASSWORD","value":{"value":"correct horse"}}"#,
                #"{"type":"OTP","value":{"value":"123456"}}"#,
                #"{"type":"TOTP","value":{"value":"654321"}}"#,
                #"{"type":"RECOVERY_CODE","value":{"value":"omar-3hvn 8rlc-2zeg"}}"#,
                #"{"type":"NEW_PASSWORD","value":{"value":"n3w pass"}}"#,
                #"{"type":"SOCIAL_REDIRECT","value":{"provider":{"type":"GOOGLE"},"redirectUri":"com.example.app:/oauth"}}"#,
                #"{"type":"SOCIAL_CALLBACK","value":{"code":"auth-code","state":"s1"}}"#,
                #"{"type":"INTEGRATOR_ATTESTATION","value":{"value":"eyJhbGciOiJFZERTQSJ9.eyJub25jZSI6Im4ifQ.c2ln"}}"#,
            ] + outcomes.map { #"{"type":"PASSKEY","value":{"requestId":"pk_1","outcome":\#($0)}}"# }
        try accepted(answers.map { #"{"type":"ANSWER","value":{"value":\#($0)}}"# })
        let json = { (texts: [String]) in StoreContractChecks.types(texts.map { StoreContractChecks.json($0) }) }
        XCTAssertEqual(json(answers), checks.caseTypes(of: "AuthAnswer"))
        XCTAssertEqual(json(outcomes), checks.caseTypes(of: "PasskeyOutcome"))
    }

    func testEveryMethodProviderAndRegionIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        try accepted(AuthMethod.allCases.map { #"{"type":"SELECT_ALTERNATIVE","value":{"method":\#($0.json)}}"# })
        try accepted(DataRegion.allCases.map { #"{"type":"SELECT_DATA_REGION","value":{"region":\#($0.json)}}"# })
        try accepted(
            AuthSocialProvider.allCases.map {
                #"{"type":"ANSWER","value":{"value":{"type":"SOCIAL_REDIRECT","value":{"provider":\#($0.json),"redirectUri":"https://app.example/cb"}}}}"#
            })
        XCTAssertEqual(Set(AuthMethod.allCases.map(\.wireType)), checks.caseTypes(of: "AuthMethod"))
        XCTAssertEqual(Set(AuthSocialProvider.allCases.map(\.wireType)), checks.caseTypes(of: "AuthSocialProvider"))
        XCTAssertEqual(Set(DataRegion.allCases.map(\.wireType)), checks.caseTypes(of: "DataRegion"))
    }

    func testAnActionWithAnUnknownMemberIsRefused() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for text in [
            #"{"type":"CANCEL","reason":"bored"}"#,
            #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"EU"},"regoin":{"type":"US"}}}"#,
            #"{"type":"START","value":{"value":{"type":"VERIFICATION","value":{"value":{"opration":{}}}}}}"#,
            #"{"type":"ANSWER","value":{"value":{"type":"PASSKEY","value":{"requestId":"pk_1","outcome":{"type":"FAILED","value":{"code":1}}}}}}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testAnActionWithAWrongTypeOrAMissingMemberIsRefused() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for text in [
            #"{"type":"ANSWER","value":{"value":{"type":"OTP","value":{"value":123456}}}}"#,
            #"{"type":"ANSWER","value":{"value":{"type":"OTP","value":{"value":"12ab"}}}}"#,
            #"{"type":"SELECT_ALTERNATIVE","value":{"method":"PASSKEY"}}"#,
            #"{"type":"SELECT_ALTERNATIVE","value":{}}"#,
            #"{"type":"COMPLETE_DEVICE_LINK","value":{"challengeId":"dc 7","transferAck":"c2lnbmF0dXJl"}}"#,
            #"{"type":"ANSWER","value":{"value":{"type":"SOCIAL_REDIRECT","value":{"provider":{"type":"GOOGLE"},"redirectUri":"no scheme"}}}}"#,
            #""CANCEL""#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testAnActionOfAnUnknownCaseIsRefused() throws {
        let checks = try StoreContractChecks(AuthReducer.self)
        for text in [
            #"{"type":"JUMP"}"#,
            #"{"type":"START","value":{"value":{"type":"SIGN_UP","value":{}}}}"#,
            #"{"type":"SELECT_ALTERNATIVE","value":{"method":{"type":"CARRIER_PIGEON"}}}"#,
            #"{"type":"SELECT_DATA_REGION","value":{"region":{"type":"CH"}}}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }
}
