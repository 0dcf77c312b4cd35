import FolioClient
import FolioModel
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
        /// The one call whose answer the reducer waits for; answers to any other request id are stale.
        public var pending: AuthPendingCall?
        /// The session switch of a finished ceremony, kept apart from `pending` so that a ceremony started
        /// or cancelled meanwhile does not lose its outcome.
        public var switchingSession: AuthSessionSwitch?
        /// The last request id handed out; ids correlate effects with their events.
        public var lastRequestID: UInt64
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
            self.pending = pending
            self.switchingSession = switchingSession
            self.lastRequestID = lastRequestID
            self.verification = verification
        }

        /// Hands out the next request id.
        mutating func nextRequestID() -> UInt64 {
            lastRequestID += 1
            return lastRequestID
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
