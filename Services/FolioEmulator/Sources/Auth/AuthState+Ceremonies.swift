import Crypto
import FolioModel
import FolioWire
import Foundation

extension AuthState {
    /// Starts a ceremony and returns it at its first step.
    mutating func start(_ start: CeremonyStart, _ env: AuthEnvironment) throws(AuthFailure) -> JSONValue {
        let policy = env.policy(start.organizationId)
        if let retry = limit(
            start.rateLimitKey, max: policy.maxStarts, window: policy.startWindowSeconds, now: env.now, record: true)
        {
            throw .rateLimited(retryAfterSeconds: retry, "too many ceremonies started for this identifier")
        }
        var identifier = start.identifier
        var accountId: String?
        var signUpEmail: String?
        let id = env.newID("cer")
        switch start.kind {
        case .signIn:
            if let identifier {
                if let account = account(for: identifier, organizationId: start.organizationId, in: env.accounts) {
                    accountId = account.id
                } else if case .email(let email) = identifier, policy.signUp {
                    signUpEmail = email
                } else {
                    throw .rejected("UNKNOWN_ACCOUNT", "no account for this identifier and sign-up is not possible")
                }
            }
        case .recovery:
            if let continuing = start.continuesCeremonyId {
                var previous = try openCeremony(continuing, env)
                guard previous.organizationId == start.organizationId, previous.kind == .signIn else {
                    throw .invalidState("only a waiting sign-in of the same organization can be continued")
                }
                guard let previousAccount = previous.accountId else {
                    throw .rejected("UNKNOWN_ACCOUNT", "the sign-in has no account to recover yet")
                }
                accountId = previousAccount
                identifier = previous.identifier
                fail(
                    &previous, AuthFailure(status: 409, code: "CEREMONY_ENDED", message: "continued as recovery \(id)"))
                ceremonies[previous.id] = previous
            } else if let identifier,
                let account = account(for: identifier, organizationId: start.organizationId, in: env.accounts)
            {
                accountId = account.id
            } else {
                throw .rejected("UNKNOWN_ACCOUNT", "no account for this identifier")
            }
        case .verification:
            let sessionId = start.sessionId ?? ""
            let session = try self.session(sessionId, now: env.now)
            guard session.organizationId == start.organizationId else {
                throw AuthFailure(status: 404, code: "SESSION_NOT_FOUND", message: "no session \(sessionId)")
            }
            guard session.status == .active else {
                throw AuthFailure(status: 410, code: "SESSION_EXPIRED", message: "session \(sessionId) has ended")
            }
            guard let sessionAccount = session.accountId else {
                throw .rejected("UNKNOWN_ACCOUNT", "a guest session has no account to verify")
            }
            accountId = sessionAccount
        }
        var ceremony = Ceremony(
            id: id, organizationId: start.organizationId, kind: start.kind, identifier: identifier,
            device: start.device, supportsPasskeys: start.supportsPasskeys, sessionId: start.sessionId,
            operation: start.operation, createdAt: env.now,
            expiresAt: env.now.addingTimeInterval(Double(policy.ceremonySeconds)), accountId: accountId,
            signUpEmail: signUpEmail)
        try advance(&ceremony, env)
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }

    /// Checks a rate-limited start without counting it (so a refusal is not stored as the answer of an
    /// Idempotency-Key).
    mutating func startRefusal(_ start: CeremonyStart, _ env: AuthEnvironment) -> AuthFailure? {
        let policy = env.policy(start.organizationId)
        guard
            let retry = limit(
                start.rateLimitKey, max: policy.maxStarts, window: policy.startWindowSeconds, now: env.now,
                record: false)
        else { return nil }
        return .rateLimited(retryAfterSeconds: retry, "too many ceremonies started for this identifier")
    }

    /// `GET`: the ceremony as it stands (an expired one becomes FAILED).
    mutating func ceremony(_ id: String, _ env: AuthEnvironment) throws(AuthFailure) -> JSONValue {
        guard var ceremony = ceremonies[id] else {
            throw AuthFailure(status: 404, code: "CEREMONY_NOT_FOUND", message: "no ceremony \(id)")
        }
        if ceremony.isOpen, env.now >= ceremony.expiresAt {
            fail(&ceremony, .ceremonyExpired)
            ceremonies[id] = ceremony
        }
        return json(of: ceremony, env, revealRecoveryCode: false)
    }

    /// The ceremony if it still waits for input; 404, 410 CEREMONY_EXPIRED or 409 CEREMONY_ENDED otherwise.
    mutating func openCeremony(_ id: String, _ env: AuthEnvironment) throws(AuthFailure) -> Ceremony {
        guard var ceremony = ceremonies[id] else {
            throw AuthFailure(status: 404, code: "CEREMONY_NOT_FOUND", message: "no ceremony \(id)")
        }
        if ceremony.isOpen, env.now >= ceremony.expiresAt {
            fail(&ceremony, .ceremonyExpired)
            ceremonies[id] = ceremony
        }
        switch ceremony.outcome {
        case nil where ceremony.stage != nil:
            return ceremony
        case .failed(let failure) where failure.code == AuthFailure.ceremonyExpired.code:
            throw .ceremonyExpired
        default:
            throw AuthFailure(status: 409, code: "CEREMONY_ENDED", message: "ceremony \(id) has already ended")
        }
    }

    /// Switches the current step to one of its alternatives.
    mutating func selectAlternative(_ id: String, _ method: FolioAuthMethod, _ env: AuthEnvironment) throws(AuthFailure)
        -> JSONValue
    {
        var ceremony = try openCeremony(id, env)
        guard var stage = ceremony.stage, stage.alternatives.contains(method) else {
            throw .invalidState("\(method.rawValue) is not an alternative of this step")
        }
        prepare(method, &stage, ceremony, env)
        ceremony.stage = stage
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }

    /// Sends a new one-time code for the OTP step; the previous code stops working.
    mutating func resendOtp(_ id: String, _ env: AuthEnvironment, record: Bool) throws(AuthFailure) -> JSONValue {
        var ceremony = try openCeremony(id, env)
        guard var stage = ceremony.stage, stage.current == .otp, let identifier = ceremony.identifier,
            ceremony.kind != .verification
        else {
            throw .invalidState("only an OTP step of a sign-in or recovery started with an identifier can resend")
        }
        let policy = env.policy(ceremony.organizationId)
        if let retry = limit(
            "resend|" + identifier.key(organizationId: ceremony.organizationId), max: policy.maxResends,
            window: policy.resendWindowSeconds, now: env.now, record: record)
        {
            throw .rateLimited(retryAfterSeconds: retry, "too many codes sent for this identifier")
        }
        guard record else { return .null }
        prepare(.otp, &stage, ceremony, env)
        ceremony.stage = stage
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }

    /// Cancels a waiting ceremony: it ends FAILED with CANCELLED.
    mutating func cancel(_ id: String, _ env: AuthEnvironment) throws(AuthFailure) -> JSONValue {
        var ceremony = try openCeremony(id, env)
        fail(&ceremony, .cancelled)
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }

    /// Answers a DEVICE_APPROVAL step with the trusted device's transfer acknowledgement.
    mutating func completeDeviceLink(
        _ id: String, challengeId: String, transferAck: String, _ env: AuthEnvironment
    ) throws(AuthFailure) -> JSONValue {
        var ceremony = try openCeremony(id, env)
        guard let stage = ceremony.stage, stage.current == .deviceApproval else {
            throw .invalidState("this step does not wait for a device approval")
        }
        guard stage.deviceChallengeId == challengeId, let challenge = deviceChallenges[challengeId] else {
            throw .rejected("TRANSFER_ACK_INVALID", "\(challengeId) is not this step's challenge")
        }
        guard env.now < challenge.expiresAt else {
            throw AuthFailure(status: 410, code: "CHALLENGE_EXPIRED", message: "the device approval request expired")
        }
        guard let expected = challenge.transferAck,
            ConstantTime.equals(Array(expected.utf8), Array(transferAck.utf8))
        else {
            throw .rejected("TRANSFER_ACK_INVALID", "the transfer acknowledgement does not approve this challenge")
        }
        ceremony.satisfied.insert(.deviceApproval)
        try advance(&ceremony, env)
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }
}
