import Crypto
import FolioClient
import FolioModel
import FolioWire

/// An answer of Folio as FolioClient reads it: the body parsed with JSONParser to the depth FolioClient allows
/// (512) and decoded with FolioWireJSON into the shape the call expects; an error body read into FolioAPIError
/// with the failure details the auth and vault clients look for; a JWKS answer's keys; and a signed claim's
/// compact JWS up to its signature check. Input: the first line names the answer (`vault-record`; see
/// ``decoders``; a name it does not know picks one by its length), the rest is the body.
enum FolioAnswerTarget: FuzzTarget {
    static let name = "folio-answer"
    static let maxLength = 8192
    /// FolioClient.maxAnswerDepth.
    static let maxAnswerDepth = 512

    typealias Decoder = @Sendable (JSONValue) -> Void

    static func decoder<T: Decodable>(_ type: T.Type) -> Decoder {
        { json in _ = try? FolioWireJSON.decode(T.self, from: json) }
    }

    /// Every shape a FolioClient call decodes an answer into, by a name of its own.
    static let decoders: [(String, Decoder)] = [
        ("health", decoder(FolioHealth.self)),
        ("jwks", decoder(JWKSet.self)),
        ("organization", decoder(FolioOrganization.self)),
        ("organizations", decoder(FolioPage<FolioOrganization>.self)),
        ("account", decoder(FolioAccount.self)),
        ("accounts", decoder(FolioPage<FolioAccount>.self)),
        ("ceremony", decoder(FolioCeremony.self)),
        ("session", decoder(FolioSession.self)),
        ("session-changes", decoder(FolioSessionChanges.self)),
        ("inquiry-created", decoder(FolioInquiryCreated.self)),
        ("inquiry-launch", decoder(FolioInquiryLaunch.self)),
        ("inquiry-launch-code", decoder(FolioInquiryLaunchCode.self)),
        ("inquiry-step", decoder(FolioInquiryStep.self)),
        ("inquiry-result", decoder(FolioInquiryResult.self)),
        ("inquiry-handoff", decoder(FolioInquiryHandoff.self)),
        ("inquiry-file", decoder(FolioInquiryFile.self)),
        ("verification-outcome-answer", decoder(FolioVerificationOutcomeAnswer.self)),
        ("verification-outcome", decoder(FolioVerificationOutcome.self)),
        ("verification-token", decoder(FolioVerificationToken.self)),
        ("window-attestation", decoder(FolioWindowAttestation.self)),
        ("issuance", decoder(FolioIssuance.self)),
        ("vault-record", decoder(FolioVaultRecord.self)),
        ("vault-records", decoder(FolioPage<FolioVaultRecord>.self)),
        ("vault-share", decoder(FolioVaultShare.self)),
        ("vault-shares", decoder(FolioPage<FolioVaultShare>.self)),
        ("vault-attachment", decoder(FolioVaultAttachment.self)),
        ("vault-attachment-chunk", decoder(FolioVaultAttachmentChunk.self)),
        ("vault-changes", decoder(FolioVaultChanges.self)),
        ("vault-keys", decoder(FolioVaultKeys.self)),
        ("auth-failure", decoder(FolioAuthFailure.self)),
        ("vault-failure", decoder(FolioVaultFailure.self)),
    ]

    /// The Ed25519 key of RFC 8037 A.1, for the JWS route: no fuzz input carries its signature, so the route
    /// covers the reading up to the check.
    static let publicKey = try? FolioWireJSON.decode(
        JWK.self, from: ["kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"]
    ).publicKey()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let route = input.line()
        let body = input.rest()
        switch route {
        case "error":
            // An error status: FolioClient reads the standard error body, then the auth and vault clients read
            // their failure from its details.
            let error = FolioAPIError(status: 400 + body.count % 200, body: body, retryAfterHeader: nil)
            if let details = error.details {
                _ = try? FolioWireJSON.decode(FolioAuthFailure.self, from: details)
                _ = try? FolioWireJSON.decode(FolioVaultFailure.self, from: details)
            }
            _ = error.description
        case "jws":
            let compact = String(decoding: body, as: UTF8.self)
            _ = try? JWS.unverifiedKeyID(of: compact)
            if let publicKey { _ = try? JWS.verify(compact, publicKey: publicKey) }
        default:
            guard let json = try? JSONParser.parse(body, maxDepth: maxAnswerDepth) else { return }
            let decode =
                decoders.first { $0.0 == route }?.1 ?? decoders[route.utf8.count % decoders.count].1
            decode(json)
        }
    }
}
