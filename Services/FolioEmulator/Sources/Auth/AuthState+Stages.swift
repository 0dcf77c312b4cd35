import Crypto
import FolioModel
import FolioWire
import Foundation

extension AuthState {
    /// Moves a ceremony to its next step: the first requirement not yet satisfied, or the end.
    mutating func advance(_ ceremony: inout Ceremony, _ env: AuthEnvironment) throws(AuthFailure) {
        let policy = env.policy(ceremony.organizationId)
        guard let accountId = ceremony.accountId, let account = env.accounts.account(id: accountId) else {
            if ceremony.signUpEmail != nil {
                if policy.signUpIntegratorId != nil, !ceremony.satisfied.contains(.attestation) {
                    return enter(.attestation, [.integratorAttestation], &ceremony, env)
                }
                return enter(.newPassword, [.newPassword], &ceremony, env)
            }
            if ceremony.kind == .signIn, policy.anonymousSignIn == "GUEST" {
                return try complete(&ceremony, env)
            }
            var methods: [FolioAuthMethod] = []
            if ceremony.supportsPasskeys { methods.append(.passkey) }
            if !policy.socialProviders.isEmpty { methods.append(.socialRedirect) }
            guard !methods.isEmpty else {
                return fail(&ceremony, .unsupported("PASSKEY", "signing in without an identifier needs a passkey"))
            }
            return enter(.firstFactor, methods, &ceremony, env)
        }
        let credentials = self.credentials(of: account)
        let satisfied = ceremony.satisfied
        if ceremony.kind == .recovery {
            if !satisfied.contains(.firstFactor) {
                let methods: [FolioAuthMethod] = (credentials.recoveryVerifier == nil ? [] : [.recoveryCode]) + [.otp]
                return enter(.firstFactor, methods, &ceremony, env)
            }
            if !satisfied.contains(.newPassword) { return enter(.newPassword, [.newPassword], &ceremony, env) }
            return try complete(&ceremony, env)
        }
        if !satisfied.contains(.firstFactor) {
            let (methods, missing) = firstFactorMethods(credentials, ceremony)
            guard !methods.isEmpty else {
                return fail(&ceremony, .unsupported(missing, "this account can only sign in with a passkey"))
            }
            return enter(.firstFactor, methods, &ceremony, env)
        }
        if credentials.requiresTotp, !satisfied.contains(.totp) {
            return enter(.totp, [.totp], &ceremony, env)
        }
        if ceremony.kind == .signIn, credentials.requiresDeviceApproval,
            !credentials.trustedDeviceIds.contains(ceremony.device.id), !satisfied.contains(.deviceApproval)
        {
            let fallback: [FolioAuthMethod] = credentials.recoveryVerifier == nil ? [] : [.recoveryCode]
            return enter(.deviceApproval, [.deviceApproval] + fallback, &ceremony, env)
        }
        if ceremony.kind == .signIn, credentials.integratorId != nil, !satisfied.contains(.attestation) {
            return enter(.attestation, [.integratorAttestation], &ceremony, env)
        }
        try complete(&ceremony, env)
    }

    /// The first-factor methods offered to this client, and the capability it lacks when there are none.
    private func firstFactorMethods(_ credentials: AccountCredentials, _ ceremony: Ceremony) -> (
        [FolioAuthMethod], String
    ) {
        if credentials.requiresPasskeyWithPassword {
            return (ceremony.supportsPasskeys ? [.password] : [], "PASSKEY")
        }
        var methods =
            credentials.signInMethods
            ?? ((credentials.passwordVerifier == nil ? [] : [.password]) + [.otp]
                + (credentials.passkeyCredentialIds.isEmpty ? [] : [.passkey])
                + (credentials.socialLinks.isEmpty ? [] : [.socialRedirect]))
        if case .phone = ceremony.identifier, let index = methods.firstIndex(of: .otp) {
            methods.insert(methods.remove(at: index), at: 0)
        }
        let offered = methods.filter { $0 != .passkey || ceremony.supportsPasskeys }
        return (offered, methods.contains(.passkey) ? "PASSKEY" : "SIGN_IN")
    }

    private mutating func enter(
        _ factor: Ceremony.Factor, _ methods: [FolioAuthMethod], _ ceremony: inout Ceremony, _ env: AuthEnvironment
    ) {
        var stage = Stage(factor: factor, methods: methods, current: methods[0])
        prepare(methods[0], &stage, ceremony, env)
        ceremony.stage = stage
    }

    mutating func fail(_ ceremony: inout Ceremony, _ failure: AuthFailure) {
        ceremony.stage = nil
        ceremony.outcome = .failed(failure)
    }

    /// Makes `method` the stage's current one and creates what it needs (a code sent, a challenge...).
    mutating func prepare(_ method: FolioAuthMethod, _ stage: inout Stage, _ ceremony: Ceremony, _ env: AuthEnvironment)
    {
        let policy = env.policy(ceremony.organizationId)
        let account = ceremony.accountId.flatMap { env.accounts.account(id: $0) }
        let credentials = account.map { self.credentials(of: $0) }
        stage.current = method
        stage.secondInput = nil
        switch method {
        case .password:
            stage.salt = credentials?.passwordSalt ?? []
            if let credentials, stage.factor == .firstFactor, ceremony.kind != .recovery {
                if credentials.requiresPasskeyWithPassword {
                    stage.secondInput = .passkey
                    stage.passkey = Stage.Passkey(
                        challenge: token(32), allowCredentials: credentials.passkeyCredentialIds)
                } else if credentials.requiresTotp {
                    stage.secondInput = .totp
                }
            }
        case .otp:
            guard let account else { return }
            var channel = "EMAIL"
            var to = account.email
            if case .phone(let phone) = ceremony.identifier, account.phone == phone {
                channel = "SMS"
                to = phone
            }
            let code = digits(policy.otpLength)
            if mode == .test {
                mailbox.append(Message(to: to, channel: channel, code: code, ceremonyId: ceremony.id, sentAt: env.now))
            }
            stage.otp = Stage.OTP(
                code: code, channel: channel, to: to, destination: Self.mask(to, channel: channel),
                expiresAt: env.now.addingTimeInterval(Double(policy.otpSeconds)))
        case .recoveryCode:
            stage.salt = credentials?.recoverySalt ?? []
        case .newPassword:
            stage.salt = randomBytes(PasswordHash.saltLength)
        case .socialRedirect:
            let provider =
                credentials?.socialLinks.first?.provider
                ?? policy.socialProviders.lazy.compactMap(FolioSocialProvider.init(rawValue:)).first ?? .google
            let state = token()
            socialStates[state] = ceremony.id
            stage.social = Stage.Social(provider: provider, state: state, redirectUri: nil)
        case .integratorAttestation:
            stage.nonce = token()
            stage.integratorId = credentials?.integratorId ?? policy.signUpIntegratorId
        case .passkey:
            stage.passkey = Stage.Passkey(
                challenge: token(32), allowCredentials: credentials?.passkeyCredentialIds ?? [])
        case .deviceApproval:
            let id = env.newID("dac")
            deviceChallenges[id] = DeviceChallenge(
                ceremonyId: ceremony.id, accountId: ceremony.accountId ?? "", fingerprint: ceremony.device.fingerprint,
                expiresAt: env.now.addingTimeInterval(Double(policy.deviceApprovalSeconds)))
            stage.deviceChallengeId = id
        case .totp, .socialCallback:
            break
        }
    }

    /// `a***e@example.com`, `*******0101`.
    static func mask(_ address: String, channel: String) -> String {
        if channel == "SMS" { return String(repeating: "*", count: max(0, address.count - 4)) + address.suffix(4) }
        let parts = address.split(separator: "@", maxSplits: 1)
        guard parts.count == 2, let first = parts[0].first, let last = parts[0].last else { return "***" }
        return parts[0].count <= 2 ? "\(first)***@\(parts[1])" : "\(first)***\(last)@\(parts[1])"
    }

    /// Ends the ceremony successfully: a new session for a sign-in or recovery, a verification token
    /// for a verification.
    mutating func complete(_ ceremony: inout Ceremony, _ env: AuthEnvironment) throws(AuthFailure) {
        let policy = env.policy(ceremony.organizationId)
        var completion: JSONObject = ["sessionToken": .null, "recoveryCode": .null, "verification": .null]
        if ceremony.kind == .verification, let sessionId = ceremony.sessionId {
            let session = try self.session(sessionId, now: env.now)
            guard session.status == .active else {
                return fail(
                    &ceremony, AuthFailure(status: 410, code: "SESSION_EXPIRED", message: "session \(sessionId) ended"))
            }
            var claims: JSONObject = [
                "iss": "folio-emulator", "typ": "folio-verification", "sub": .string(session.accountId ?? ""),
                "sid": .string(sessionId), "cer": .string(ceremony.id), "iat": .int(env.unixNow),
                "exp": .int(env.unixNow + 300),
            ]
            if let operation = ceremony.operation { claims["op"] = operation }
            completion["identity"] = session.identity
            completion["session"] = session.json
            completion["verification"] = [
                "token": .string(try env.sign(.object(claims))), "operation": ceremony.operation ?? .null,
            ]
        } else {
            let identity: JSONValue
            if let accountId = ceremony.accountId, let account = env.accounts.account(id: accountId) {
                identity = [
                    "type": "AUTHENTICATED", "value": ["userId": .string(accountId), "email": .string(account.email)],
                ]
            } else {
                identity = ["type": "TRANSIENT", "value": ["guestId": .string(env.newID("gst"))]]
            }
            let session = SessionRecord(
                id: env.newID("ses"), organizationId: ceremony.organizationId, identity: identity,
                accountId: ceremony.accountId, deviceId: ceremony.device.id, createdAt: env.now,
                expiresAt: env.now.addingTimeInterval(Double(policy.sessionSeconds)))
            sessions[session.id] = session
            let claims: JSONValue = [
                "iss": "folio-emulator", "typ": "folio-session", "sub": .string(ceremony.accountId ?? ""),
                "sid": .string(session.id), "org": .string(ceremony.organizationId), "iat": .int(env.unixNow),
                "exp": .int(Int64(session.expiresAt.timeIntervalSince1970)),
            ]
            completion["identity"] = identity
            completion["session"] = session.json
            completion["sessionToken"] = .string(try env.sign(claims))
            completion["recoveryCode"] = ceremony.newRecoveryCode.map { .string($0) } ?? .null
        }
        ceremony.stage = nil
        ceremony.outcome = .completed(.object(completion))
    }
}
