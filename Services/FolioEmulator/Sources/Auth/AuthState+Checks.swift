import Crypto
import FolioModel
import FolioWire
import Foundation

extension AuthState {
    /// A proof (base64url of `derivation.length` bytes) from an answer's `proof` field.
    func proof(_ fields: JSONFields, _ policy: AuthPolicy) throws(AuthFailure) -> [UInt8] {
        let text = try fields.string("proof", maxLength: 256)
        guard let bytes = try? Base64URL.decode(text), bytes.count == policy.derivation.length else {
            throw .invalidRequest(
                "\(fields.path).proof must be base64url of \(policy.derivation.length) bytes derived with the "
                    + "phase's derivation")
        }
        return bytes
    }

    mutating func checkPassword(_ fields: JSONFields, _ ceremony: Ceremony, _ env: AuthEnvironment)
        throws(AuthFailure)
    {
        let policy = env.policy(ceremony.organizationId)
        let proof = try proof(fields, policy)
        guard let accountId = ceremony.accountId, var account = credentials[accountId] else {
            throw .rejected("WRONG_PASSWORD", "the password is wrong")
        }
        if let until = account.passwordLock.lock(at: env.now) {
            throw .locked(until: Self.unix(until), "the password is")
        }
        if AccountCredentials.matches(proof: proof, verifier: account.passwordVerifier) {
            account.passwordLock.succeed()
            credentials[accountId] = account
            return
        }
        let result = account.passwordLock.fail(
            now: env.now, max: policy.maxPasswordAttempts, lockoutSeconds: policy.lockoutSeconds)
        credentials[accountId] = account
        if let until = result.lockedUntil { throw .locked(until: Self.unix(until), "the password is") }
        throw .rejected("WRONG_PASSWORD", "the password is wrong", attemptsLeft: result.attemptsLeft)
    }

    /// Refuses when the account's codes (OTP, TOTP, recovery code) are locked.
    func checkCodeLock(_ ceremony: Ceremony, _ env: AuthEnvironment) throws(AuthFailure) {
        if let accountId = ceremony.accountId, let until = credentials[accountId]?.codeLock.lock(at: env.now) {
            throw .locked(until: Self.unix(until), "one-time and recovery codes are")
        }
    }

    /// Checks a code answer against the code lock; a wrong one counts and answers `wrongCode`.
    mutating func checkCode(
        _ ceremony: Ceremony, _ env: AuthEnvironment, wrongCode: String, matches: (AccountCredentials) -> Bool
    ) throws(AuthFailure) {
        try checkCodeLock(ceremony, env)
        let policy = env.policy(ceremony.organizationId)
        guard let accountId = ceremony.accountId, var account = credentials[accountId] else {
            throw .rejected(wrongCode, "the code is wrong")
        }
        if matches(account) {
            account.codeLock.succeed()
            credentials[accountId] = account
            return
        }
        let result = account.codeLock.fail(
            now: env.now, max: policy.maxCodeAttempts, lockoutSeconds: policy.lockoutSeconds)
        credentials[accountId] = account
        if let until = result.lockedUntil { throw .locked(until: Self.unix(until), "one-time and recovery codes are") }
        throw .rejected(wrongCode, "the code is wrong", attemptsLeft: result.attemptsLeft)
    }

    mutating func checkOtp(_ fields: JSONFields, _ stage: Stage, _ ceremony: Ceremony, _ env: AuthEnvironment)
        throws(AuthFailure)
    {
        let code = try fields.string("code", maxLength: 16)
        guard let otp = stage.otp else { throw .invalidState("no code was sent") }
        try checkCodeLock(ceremony, env)
        guard env.now < otp.expiresAt else { throw .rejected("WRONG_CODE", "the code expired; ask for a new one") }
        try checkCode(ceremony, env, wrongCode: "WRONG_CODE") { _ in
            ConstantTime.equals(Array(code.utf8), Array(otp.code.utf8))
        }
    }

    mutating func checkTotp(_ fields: JSONFields, _ ceremony: Ceremony, _ env: AuthEnvironment) throws(AuthFailure) {
        let code = try fields.string("code", maxLength: 16)
        let digits = env.policy(ceremony.organizationId).totpDigits
        let now = env.unixNow
        try checkCode(ceremony, env, wrongCode: "WRONG_CODE") { account in
            guard let secret = account.totpSecret, let totp = try? TOTP(secret: secret, digits: digits) else {
                return false
            }
            return totp.verify(code, at: now, window: 1)
        }
    }

    /// NEW_PASSWORD: checks the declared strength, then stores the new verifier and the prepared recovery
    /// code (creating the account of a sign-up).
    mutating func setNewPassword(
        _ fields: JSONFields, _ stage: Stage, _ prepared: PreparedRecoveryCode?, _ ceremony: inout Ceremony,
        _ env: AuthEnvironment
    ) throws(AuthFailure) {
        let policy = env.policy(ceremony.organizationId)
        let proof = try proof(fields, policy)
        let strength = try fields.object("strength")
        let length = try strength.int("length")
        let classes = try strength.int("characterClasses")
        let rule = policy.passwordPolicy
        guard length >= rule.minLength, classes >= rule.minCharacterClasses else {
            throw .rejected(
                "WEAK_PASSWORD",
                "a password needs at least \(rule.minLength) characters of \(rule.minCharacterClasses) kinds")
        }
        guard let prepared else { throw .internalError("no recovery code was prepared") }
        var account: AccountCredentials
        if let accountId = ceremony.accountId, let existing = credentials[accountId] {
            account = existing
            account.passwordLock = AttemptCounter()
            account.codeLock = AttemptCounter()
        } else if let email = ceremony.signUpEmail {
            let created = Account(
                id: env.newID("acct"), organizationId: ceremony.organizationId, email: email, phone: nil,
                createdAt: RFC3339.format(env.now))
            guard case .created = env.accounts.insert(created) else {
                throw AuthFailure(status: 409, code: "ACCOUNT_EXISTS", message: "\(email) signed up meanwhile")
            }
            account = AccountCredentials(accountId: created.id, organizationId: created.organizationId)
            if ceremony.satisfied.contains(.attestation) { account.integratorId = policy.signUpIntegratorId }
            ceremony.accountId = created.id
            ceremony.signUpEmail = nil
            ceremony.satisfied.insert(.firstFactor)
        } else {
            throw .invalidState("no account to set a password for")
        }
        account.passwordSalt = stage.salt
        account.passwordVerifier = AccountCredentials.verifier(ofProof: proof)
        account.recoverySalt = prepared.salt
        account.recoveryVerifier = prepared.verifier
        credentials[account.accountId] = account
        ceremony.newRecoveryCode = prepared.code
    }

    /// SOCIAL_REDIRECT: records the provider and redirect URI; the step becomes SOCIAL_CALLBACK.
    func redirect(_ fields: JSONFields, _ stage: inout Stage, _ ceremony: Ceremony, _ env: AuthEnvironment)
        throws(AuthFailure)
    {
        let name = try fields.tagged("provider").type
        guard let provider = FolioSocialProvider(rawValue: name) else {
            throw .invalidRequest("\(fields.path).provider \(name) is not a social provider")
        }
        let offered =
            ceremony.accountId.flatMap { credentials[$0]?.socialLinks.map(\.provider) }
            ?? env.policy(ceremony.organizationId).socialProviders.compactMap(FolioSocialProvider.init(rawValue:))
        guard offered.contains(provider) else { throw .invalidRequest("\(name) is not offered for this step") }
        let redirectUri = try fields.string("redirectUri", maxLength: 2048)
        guard isAllowedRedirect(redirectUri, ceremony.organizationId, env) else {
            throw .rejected("REDIRECT_URI_NOT_ALLOWED", "\(redirectUri) is not a redirect URI of this organization")
        }
        stage.social?.provider = provider
        stage.social?.redirectUri = redirectUri
        stage.current = .socialCallback
    }

    /// SOCIAL_CALLBACK: the code the provider issued for this step's state signs in the linked account.
    mutating func socialCallback(
        _ fields: JSONFields, _ stage: Stage, _ ceremony: inout Ceremony, _ env: AuthEnvironment
    ) throws(AuthFailure) {
        let code = try fields.string("code", maxLength: 512)
        let state = try fields.string("state", maxLength: 512)
        guard let social = stage.social, ConstantTime.equals(Array(state.utf8), Array(social.state.utf8)) else {
            throw .rejected("SOCIAL_STATE_MISMATCH", "state is not the state of this step's redirect")
        }
        guard var issued = socialCodes[code], !issued.used, issued.ceremonyId == ceremony.id,
            issued.provider == social.provider, issued.redirectUri == social.redirectUri, env.now < issued.expiresAt
        else {
            throw .rejected(
                "SOCIAL_CODE_INVALID", "the authorization code is unknown, used, expired or not for this step")
        }
        issued.used = true
        socialCodes[code] = issued
        let link = AccountCredentials.SocialLink(provider: issued.provider, subject: issued.subject)
        let owner = credentials.values.filter {
            $0.organizationId == ceremony.organizationId && $0.socialLinks.contains(link)
        }.map(\.accountId).min()
        guard let owner else {
            throw .rejected("UNKNOWN_ACCOUNT", "no account is linked to this \(issued.provider.rawValue) identity")
        }
        if let accountId = ceremony.accountId, accountId != owner {
            throw .rejected("SOCIAL_CODE_INVALID", "the provider signed in another account")
        }
        ceremony.accountId = owner
    }

    func checkAttestation(_ fields: JSONFields, _ stage: Stage, _ ceremony: Ceremony, _ env: AuthEnvironment)
        throws(AuthFailure)
    {
        let jwt = try fields.string("jwt", maxLength: 16_384)
        guard let integratorId = stage.integratorId, let integrator = env.auth.integrators[integratorId] else {
            throw .internalError("the step names no integrator")
        }
        let payload: [UInt8]
        do {
            payload = try JWS.verify(jwt, publicKey: integrator.publicKey).payload
        } catch {
            throw .rejected("ATTESTATION_INVALID", "the attestation is not signed by \(integratorId): \(error)")
        }
        guard let claims = try? JSONParser.parse(payload), claims.objectValue != nil else {
            throw .rejected("ATTESTATION_INVALID", "the attestation's claims are not a JSON object")
        }
        guard let nonce = stage.nonce, claims["nonce"]?.stringValue == nonce else {
            throw .rejected("ATTESTATION_INVALID", "the attestation does not carry this step's nonce")
        }
        if let expiry = claims["exp"] {
            guard let seconds = expiry.intValue, seconds > env.unixNow else {
                throw .rejected("ATTESTATION_INVALID", "the attestation has expired")
            }
        }
        if let email = claims["email"]?.stringValue {
            let expected = ceremony.signUpEmail ?? ceremony.accountId.flatMap { env.accounts.account(id: $0)?.email }
            guard email.lowercased() == expected?.lowercased() else {
                throw .rejected("ATTESTATION_INVALID", "the attestation asserts another person")
            }
        }
    }

    mutating func checkPasskey(
        _ fields: JSONFields, _ passkey: Stage.Passkey, _ ceremony: inout Ceremony, _ env: AuthEnvironment
    ) throws(AuthFailure) {
        let credentialId = try fields.string("credentialId", maxLength: 1024)
        let clientData = try Self.base64(fields, "clientDataJSON")
        let authenticatorData = try Self.base64(fields, "authenticatorData")
        let signature = try Self.base64(fields, "signature")
        func failed(_ why: String) -> AuthFailure { .rejected("PASSKEY_FAILED", why) }
        guard let owner = passkeyOwners[credentialId],
            credentials[owner]?.organizationId == ceremony.organizationId
        else { throw failed("\(credentialId) is not a passkey of this organization") }
        if !passkey.allowCredentials.isEmpty, !passkey.allowCredentials.contains(credentialId) {
            throw failed("\(credentialId) is not one of allowCredentials")
        }
        if let accountId = ceremony.accountId, accountId != owner { throw failed("the passkey is another account's") }
        guard let client = try? JSONParser.parse(clientData), client["type"]?.stringValue == "webauthn.get",
            client["challenge"]?.stringValue == passkey.challenge
        else { throw failed("clientDataJSON does not answer this step's challenge") }
        let rpId = env.policy(ceremony.organizationId).passkeyRpId
        guard authenticatorData.count >= 37, Array(authenticatorData.prefix(32)) == PasskeyAuthenticator.hash(rpId),
            authenticatorData[32] & 0x01 != 0
        else { throw failed("authenticatorData is not for \(rpId) or the user was not present") }
        let signed = authenticatorData + PasskeyAuthenticator.hash(clientData)
        guard PasskeyAuthenticator.publicKey(credentialId)?.isValidSignature(signature, for: signed) == true else {
            throw failed("the signature does not verify")
        }
        ceremony.accountId = owner
    }

    static func base64(_ fields: JSONFields, _ name: String) throws(AuthFailure) -> [UInt8] {
        guard let bytes = try? Base64URL.decode(try fields.string(name, maxLength: 65_536)) else {
            throw .invalidRequest("\(fields.path).\(name) must be base64url")
        }
        return bytes
    }

    static func unix(_ date: Date) -> Int64 {
        Int64(date.timeIntervalSince1970.rounded(.up))
    }
}
