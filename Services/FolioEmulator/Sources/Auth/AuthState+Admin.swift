import FolioModel
import Foundation

extension AuthState {
    /// The codes sent to an email address (case-insensitive) or phone number, oldest first.
    func messages(to address: String) -> [JSONValue] {
        mailbox.filter { $0.to.lowercased() == address.lowercased() }.map { message in
            var members: JSONObject = [
                "to": .string(message.to), "channel": ["type": .string(message.channel)], "code": .string(message.code),
                "sentAt": .string(RFC3339.format(message.sentAt)),
            ]
            if let ceremonyId = message.ceremonyId { members["ceremonyId"] = .string(ceremonyId) }
            if let inquiryId = message.inquiryId { members["inquiryId"] = .string(inquiryId) }
            if let stepId = message.stepId { members["stepId"] = .string(stepId) }
            return .object(members)
        }
    }

    /// Approves a device challenge as the trusted device would: returns its transfer acknowledgement,
    /// an EdDSA JWT from the emulator's key over the challenge, the account and the fresh device.
    mutating func approveDevice(_ challengeId: String, _ env: AuthEnvironment) throws(AuthFailure) -> JSONValue {
        guard var challenge = deviceChallenges[challengeId] else {
            throw AuthFailure(status: 404, code: "CHALLENGE_NOT_FOUND", message: "no device challenge \(challengeId)")
        }
        guard env.now < challenge.expiresAt else {
            throw AuthFailure(status: 410, code: "CHALLENGE_EXPIRED", message: "the device approval request expired")
        }
        let ack: String
        if let existing = challenge.transferAck {
            ack = existing
        } else {
            ack = try env.sign([
                "typ": "folio-device-transfer", "chl": .string(challengeId), "sub": .string(challenge.accountId),
                "fp": .string(challenge.fingerprint), "iat": .int(env.unixNow),
            ])
        }
        challenge.transferAck = ack
        deviceChallenges[challengeId] = challenge
        return ["challengeId": .string(challengeId), "transferAck": .string(ack)]
    }

    /// The emulated provider's authorize step: issues a code for the step with this `state` and returns
    /// the URL to redirect to.
    mutating func authorize(
        provider: String, state: String, redirectUri: String, loginHint: String?, _ env: AuthEnvironment
    ) throws(AuthFailure) -> String {
        guard let id = socialStates[state], let ceremony = ceremonies[id], ceremony.isOpen,
            let social = ceremony.stage?.social, social.state == state
        else {
            throw .invalidRequest("state does not belong to a waiting social step")
        }
        guard social.provider.pathName == provider else {
            throw .invalidRequest("the step waits for \(social.provider.rawValue), not \(provider)")
        }
        if let declared = social.redirectUri {
            guard declared == redirectUri else {
                throw .rejected(
                    "REDIRECT_URI_NOT_ALLOWED", "redirect_uri is not the one the SOCIAL_REDIRECT answer named")
            }
        } else if !isAllowedRedirect(redirectUri, ceremony.organizationId, env) {
            throw .rejected("REDIRECT_URI_NOT_ALLOWED", "\(redirectUri) is not a redirect URI of this organization")
        }
        let linked = ceremony.accountId.flatMap { accountId in
            credentials[accountId]?.socialLinks.first { $0.provider == social.provider }?.subject
        }
        guard let subject = loginHint ?? linked else {
            throw .invalidRequest("login_hint is required: nothing tells the provider who signs in")
        }
        let code = token(24)
        socialCodes[code] = SocialCode(
            ceremonyId: id, provider: social.provider, subject: subject, redirectUri: redirectUri,
            expiresAt: env.now.addingTimeInterval(600))
        let separator = redirectUri.contains("?") ? "&" : "?"
        return redirectUri + separator + "code=" + Self.queryEncode(code) + "&state=" + Self.queryEncode(state)
    }
}
