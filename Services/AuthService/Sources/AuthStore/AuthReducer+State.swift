import FolioClient
import FolioModel
import StoreKit
import WireModel

extension AuthReducer {
    /// AuthStore's state, snapshotted to PostgreSQL: it holds proofs derived from secrets, never a typed
    /// password or recovery code. The one code it holds is the new account's recovery code shown in
    /// `AwaitingRecoveryCodeAck`, which is part of the UI model until it is acknowledged.
    public struct State: Sendable, Codable, Equatable {
        public var flow: AuthFlowStep
        /// The data region picked so far; Start and Cancel clear it.
        public var dataRegion: DataRegion?
        /// The SDK locale the data region titles are in.
        public var locale: LocaleTag
        /// Whether the runtime declared passkey support; until it does, Passkey is never offered.
        public var supportsPasskeys: Bool
        /// The session's identity outside the ceremony: what a verification confirms, and what the session
        /// stays on when a switch fails.
        public var session: AuthSessionContext?
        /// The ceremony in progress, or awaiting its recovery code acknowledgement.
        public var ceremony: AuthCeremonyContext?
        /// The request ids handed out and the answers awaited: the ceremony's one call, and apart from it the
        /// session switch of a finished ceremony, so that a ceremony started or cancelled meanwhile does not lose
        /// its outcome. Answers to any other request id are stale.
        public var requests: RequestLedger<AuthRequest>
        /// The proof of the last verification that ended in Authenticated: Folio's signed verification token,
        /// which a service checks with `FolioVerificationToken.verify` before the operation. Not part of the
        /// UI model (the spec's Authenticated has no fields); Start and Cancel clear it.
        public var verification: AuthVerificationProof?

        public init(
            flow: AuthFlowStep = .idle, dataRegion: DataRegion? = nil, locale: LocaleTag = .english,
            supportsPasskeys: Bool = false, session: AuthSessionContext? = nil,
            ceremony: AuthCeremonyContext? = nil, pending: AuthPendingCall? = nil,
            switchingSession: AuthSessionSwitch? = nil, lastRequestID: UInt64 = 0,
            verification: AuthVerificationProof? = nil
        ) {
            self.flow = flow
            self.dataRegion = dataRegion
            self.locale = locale
            self.supportsPasskeys = supportsPasskeys
            self.session = session
            self.ceremony = ceremony
            self.requests = RequestLedger(lastIssued: lastRequestID)
            self.verification = verification
            self.pending = pending
            self.switchingSession = switchingSession
        }

        /// Hands out the next request id.
        mutating func nextRequestID() -> UInt64 { requests.issue() }

        /// The ceremony's call in flight: the ledger's ceremony slot.
        public var pending: AuthPendingCall? {
            get {
                guard let entry = requests.awaited(in: .ceremony), case .ceremony(let purpose) = entry.purpose else {
                    return nil
                }
                return AuthPendingCall(requestID: entry.id, purpose: purpose)
            }
            set {
                guard let newValue else { return requests.abandon(.ceremony) }
                requests.expect(newValue.requestID, for: .ceremony(newValue.purpose))
            }
        }

        /// The session switch in flight: the ledger's session switch slot.
        public var switchingSession: AuthSessionSwitch? {
            get {
                guard let entry = requests.awaited(in: .sessionSwitch), case .sessionSwitch(let session) = entry.purpose
                else { return nil }
                return AuthSessionSwitch(requestID: entry.id, session: session)
            }
            set {
                guard let newValue else { return requests.abandon(.sessionSwitch) }
                requests.expect(newValue.requestID, for: .sessionSwitch(newValue.session))
            }
        }

        /// The last request id handed out.
        public var lastRequestID: UInt64 {
            get { requests.lastIssued }
            set { requests = RequestLedger(lastIssued: newValue, awaited: requests.awaited) }
        }

        // Snapshots keep the shape they had before the ledger: `pending`, `switchingSession`, `lastRequestID`.
        private enum CodingKeys: String, CodingKey {
            case flow, dataRegion, locale, supportsPasskeys, session, ceremony, pending, switchingSession
            case lastRequestID, verification
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                flow: try container.decode(AuthFlowStep.self, forKey: .flow),
                dataRegion: try container.decodeIfPresent(DataRegion.self, forKey: .dataRegion),
                locale: try container.decode(LocaleTag.self, forKey: .locale),
                supportsPasskeys: try container.decode(Bool.self, forKey: .supportsPasskeys),
                session: try container.decodeIfPresent(AuthSessionContext.self, forKey: .session),
                ceremony: try container.decodeIfPresent(AuthCeremonyContext.self, forKey: .ceremony),
                pending: try container.decodeIfPresent(AuthPendingCall.self, forKey: .pending),
                switchingSession: try container.decodeIfPresent(AuthSessionSwitch.self, forKey: .switchingSession),
                lastRequestID: try container.decode(UInt64.self, forKey: .lastRequestID),
                verification: try container.decodeIfPresent(AuthVerificationProof.self, forKey: .verification))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(flow, forKey: .flow)
            try container.encodeIfPresent(dataRegion, forKey: .dataRegion)
            try container.encode(locale, forKey: .locale)
            try container.encode(supportsPasskeys, forKey: .supportsPasskeys)
            try container.encodeIfPresent(session, forKey: .session)
            try container.encodeIfPresent(ceremony, forKey: .ceremony)
            try container.encodeIfPresent(pending, forKey: .pending)
            try container.encodeIfPresent(switchingSession, forKey: .switchingSession)
            try container.encode(lastRequestID, forKey: .lastRequestID)
            try container.encodeIfPresent(verification, forKey: .verification)
        }
    }
}

/// What AuthStore awaits an answer for. The ceremony has one call in flight at a time; a session switch runs
/// beside it.
public enum AuthRequest: RequestPurpose {
    case ceremony(AuthPendingCall.Purpose)
    case sessionSwitch(AuthSessionContext)

    public enum Slot: Sendable { case ceremony, sessionSwitch }

    public var slot: Slot? {
        switch self {
        case .ceremony: .ceremony
        case .sessionSwitch: .sessionSwitch
        }
    }
}

/// The identity the session is on and its Folio session id (nil for a device-only transient identity).
public struct AuthSessionContext: Sendable, Codable, Equatable {
    public var identity: SessionIdentity
    public var sessionId: String?

    public init(identity: SessionIdentity, sessionId: String?) {
        self.identity = identity
        self.sessionId = sessionId
    }
}

/// A ceremony the store runs at Folio.
public struct AuthCeremonyContext: Sendable, Codable, Equatable {
    public enum Purpose: String, Sendable, Codable, Equatable {
        case signIn
        case recovery
        case verification
    }

    public var purpose: Purpose
    /// What ResendOtp starts again with; a recovery that continues a sign-in takes the sign-in's.
    public var identifier: AuthIdentifierInput?
    /// Folio's ceremony id, once Folio answered the start.
    public var id: String?
    /// Folio's open step, with what answers need (derivations, the social state, the passkey challenge).
    public var step: FolioAwaitingInput?
    /// The phase and alternatives last shown: where an error that leaves the step open is reported.
    public var input: AuthShownInput?
    /// The derived first answer of a two-input step (the password proof), sent with the second.
    public var firstAnswer: FolioCeremonyAnswer?
    /// The id of the passkey dialog shown, which the Passkey answer must carry.
    public var passkeyRequestId: String?
    /// A finished ceremony's identity and session, held until its recovery code is acknowledged.
    public var completion: AuthCompletion?

    public init(
        purpose: Purpose, identifier: AuthIdentifierInput?, id: String? = nil, step: FolioAwaitingInput? = nil,
        input: AuthShownInput? = nil, firstAnswer: FolioCeremonyAnswer? = nil, passkeyRequestId: String? = nil,
        completion: AuthCompletion? = nil
    ) {
        self.purpose = purpose
        self.identifier = identifier
        self.id = id
        self.step = step
        self.input = input
        self.firstAnswer = firstAnswer
        self.passkeyRequestId = passkeyRequestId
        self.completion = completion
    }
}

/// A phase as shown in `AwaitingInput`.
public struct AuthShownInput: Sendable, Codable, Equatable {
    public var phase: AuthPhase
    public var alternatives: [AuthMethod]

    public init(phase: AuthPhase, alternatives: [AuthMethod]) {
        self.phase = phase
        self.alternatives = alternatives
    }
}

/// The identity and session a finished sign-in or recovery switches to, with Folio's signed session token,
/// which the switch verifies against Folio's keys before the runtime takes the identity.
public struct AuthCompletion: Sendable, Codable, Equatable {
    public var identity: FolioIdentity
    public var session: FolioSession
    public var sessionToken: String?

    public init(identity: FolioIdentity, session: FolioSession, sessionToken: String? = nil) {
        self.identity = identity
        self.session = session
        self.sessionToken = sessionToken
    }
}

/// The call in flight and what its answer is for.
public struct AuthPendingCall: Sendable, Codable, Equatable {
    public enum Purpose: Sendable, Codable, Equatable {
        case start
        case deriveProof
        case answer
        case selectAlternative
        /// Moving Folio's step back from a passkey the person cancelled or that failed; the step shows `error`.
        case restoreAfterPasskey(error: AuthError)
        /// Kept for snapshots taken while a `resendOtp` effect was in flight; no longer handed out.
        case resendOtp
        case completeDeviceLink
    }

    public var requestID: UInt64
    public var purpose: Purpose

    public init(requestID: UInt64, purpose: Purpose) {
        self.requestID = requestID
        self.purpose = purpose
    }
}

/// A session switch in flight: the request id its outcome answers, and the session it switches to.
public struct AuthSessionSwitch: Sendable, Codable, Equatable {
    public var requestID: UInt64
    public var session: AuthSessionContext

    public init(requestID: UInt64, session: AuthSessionContext) {
        self.requestID = requestID
        self.session = session
    }
}
