import Crypto
import FolioModel
import FolioWire
import Foundation

extension AuthState {
    /// The ceremony as the API answers it: `{id, organizationId, expiresAt, step}`.
    ///
    /// The recovery code of a completion is shown once, in the answer that completed the ceremony;
    /// `revealRecoveryCode: false` (a later GET) leaves it out.
    func json(of ceremony: Ceremony, _ env: AuthEnvironment, revealRecoveryCode: Bool = true) -> JSONValue {
        let step: JSONValue
        switch ceremony.outcome {
        case .completed(var completion):
            if !revealRecoveryCode, case .object(var members) = completion {
                members["recoveryCode"] = .null
                completion = .object(members)
            }
            step = ["type": "COMPLETED", "value": completion]
        case .failed(let failure):
            step = ["type": "FAILED", "value": ["error": failure.errorObject]]
        case nil:
            if let stage = ceremony.stage {
                step = [
                    "type": "AWAITING_INPUT",
                    "value": [
                        "phase": phase(stage.current, stage, ceremony, env),
                        "secondInput": stage.secondInput.map { phase($0, stage, ceremony, env) } ?? .null,
                        "alternatives": .array(stage.alternatives.map { $0.json }),
                    ],
                ]
            } else {
                step = ["type": "FAILED", "value": ["error": AuthFailure.internalError("no step").errorObject]]
            }
        }
        return [
            "id": .string(ceremony.id), "organizationId": .string(ceremony.organizationId),
            "expiresAt": .string(RFC3339.format(ceremony.expiresAt)), "step": step,
        ]
    }

    /// One phase: `{"type": "<METHOD>", "value": {...}}` with what the client needs to answer it.
    private func phase(_ method: FolioAuthMethod, _ stage: Stage, _ ceremony: Ceremony, _ env: AuthEnvironment)
        -> JSONValue
    {
        let policy = env.policy(ceremony.organizationId)
        var value: JSONObject = [:]
        switch method {
        case .password, .recoveryCode:
            value["derivation"] = policy.derivation.json(salt: stage.salt)
        case .newPassword:
            value["derivation"] = policy.derivation.json(salt: stage.salt)
            value["policy"] = policy.passwordPolicy.json
        case .otp:
            if let otp = stage.otp {
                value["channel"] = ["type": .string(otp.channel)]
                value["destination"] = .string(otp.destination)
                value["expiresInSeconds"] = .int(max(0, Int64(otp.expiresAt.timeIntervalSince(env.now).rounded(.up))))
            }
            value["length"] = .int(Int64(policy.otpLength))
            value["canResend"] = .bool(ceremony.identifier != nil && ceremony.kind != .verification)
        case .totp:
            value["length"] = .int(Int64(policy.totpDigits))
        case .socialRedirect, .socialCallback:
            if let social = stage.social {
                let redirectUri = social.redirectUri ?? defaultRedirectUri(ceremony.organizationId, env)
                value["provider"] = ["type": .string(social.provider.rawValue)]
                value["state"] = .string(social.state)
                value["authorizationUrl"] = .string(
                    "\(env.baseURL)/oauth/\(social.provider.pathName)/authorize?client_id="
                        + Self.queryEncode(ceremony.organizationId) + "&state=" + Self.queryEncode(social.state)
                        + "&redirect_uri=" + Self.queryEncode(redirectUri))
                if method == .socialCallback { value["redirectUri"] = .string(redirectUri) }
            }
        case .integratorAttestation:
            value["nonce"] = .string(stage.nonce ?? "")
            value["integratorId"] = .string(stage.integratorId ?? "")
        case .passkey:
            if let passkey = stage.passkey {
                value["challenge"] = .string(passkey.challenge)
                value["rpId"] = .string(policy.passkeyRpId)
                value["allowCredentials"] = .array(
                    passkey.allowCredentials.map { ["type": "public-key", "id": .string($0)] })
                value["timeout"] = .int(Int64(policy.passkeyTimeoutSeconds) * 1000)
                value["userVerification"] = "preferred"
            }
        case .deviceApproval:
            if let id = stage.deviceChallengeId, let challenge = deviceChallenges[id] {
                value["challengeId"] = .string(id)
                value["freshDeviceFingerprint"] = .string(ceremony.device.fingerprint)
                value["freshDevicePlatform"] = ["type": .string(ceremony.device.platform)]
                value["expiresInSeconds"] = .int(
                    max(0, Int64(challenge.expiresAt.timeIntervalSince(env.now).rounded(.up))))
            }
        }
        return ["type": .string(method.rawValue), "value": .object(value)]
    }

    /// Where the provider returns when the client has not named a redirect URI yet.
    func defaultRedirectUri(_ organizationId: String, _ env: AuthEnvironment) -> String {
        if let first = env.policy(organizationId).redirectUris.first { return first }
        if let origin = env.emulator.organizationsByID[organizationId]?.allowedOrigins.first {
            return origin + "/auth/callback"
        }
        return "folio-\(organizationId)://auth/callback"
    }

    /// True for the default redirect URI, one listed in the policy, or one under an allowed origin.
    func isAllowedRedirect(_ uri: String, _ organizationId: String, _ env: AuthEnvironment) -> Bool {
        if uri == defaultRedirectUri(organizationId, env) || env.policy(organizationId).redirectUris.contains(uri) {
            return true
        }
        let origins = env.emulator.organizationsByID[organizationId]?.allowedOrigins ?? []
        return origins.contains { uri.hasPrefix($0 + "/") }
    }

    static func queryEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? text
    }

    private static let queryAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
