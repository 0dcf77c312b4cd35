import FolioClient
import FolioModel
import StoreKit

extension AuthReducer {
    /// What AuthStore asks its effect runner to do. Effects are snapshotted with the state, so none carries
    /// a typed secret in a persisted form: `deriveProof` holds it in a `TransientSecret`.
    public enum Effect: Sendable, Codable, Equatable {
        /// `POST /v1/auth/ceremonies`; answers `folioAnswered` or `folioFailed`.
        case startCeremony(requestID: UInt64, start: FolioCeremonyStart)
        /// Derive the proof of a typed secret on this device; answers `proofDerived` or `proofFailed`.
        case deriveProof(requestID: UInt64, request: AuthProofRequest)
        case answer(
            requestID: UInt64, ceremonyId: String, answer: FolioCeremonyAnswer, secondAnswer: FolioCeremonyAnswer?)
        case selectAlternative(requestID: UInt64, ceremonyId: String, method: FolioAuthMethod)
        /// `POST .../resend`. The reducer no longer asks for it (ResendOtp starts the ceremony again, spec
        /// "One-time codes"); the case stays so that a snapshot holding one still restores and runs.
        case resendOtp(requestID: UInt64, ceremonyId: String)
        case completeDeviceLink(requestID: UInt64, ceremonyId: String, challengeId: String, transferAck: String)
        /// Ends a ceremony at Folio that the store left; its answer is not waited for.
        case cancelCeremony(requestID: UInt64, ceremonyId: String)
        /// Switch the runtime's session to a finished ceremony's identity; answers `sessionSwitched` or
        /// `sessionSwitchFailed`.
        case switchSession(requestID: UInt64, completion: AuthCompletion)
    }
}

/// What to derive a proof from: the typed secret, the phase's derivation parameters, and which answer the
/// proof goes into (a new password's answer also carries its measured strength).
public struct AuthProofRequest: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, Equatable {
        case password
        case recoveryCode
        case newPassword
    }

    public var kind: Kind
    public var derivation: FolioKeyDerivation
    public var secret: TransientSecret

    public init(kind: Kind, derivation: FolioKeyDerivation, secret: TransientSecret) {
        self.kind = kind
        self.derivation = derivation
        self.secret = secret
    }
}

/// A typed secret that lives only in memory: it encodes as `null`, so a snapshot never holds it, and a
/// decoded one is lost (`value == nil`); the runner then answers `proofFailed` and the person types again.
public struct TransientSecret: Sendable, Codable, Equatable, CustomStringConvertible {
    /// The secret, or nil once it went through a snapshot.
    public let value: String?

    public init(_ value: String) { self.value = value }

    public init(from decoder: any Decoder) throws {
        value = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    public var description: String { value == nil ? "<lost>" : "<redacted>" }
}

extension AuthReducer.Effect: RequestCorrelated {
    /// nil for `cancelCeremony`: its id only keys the call, nothing answers it.
    public var requestID: UInt64? {
        switch self {
        case .startCeremony(let requestID, _), .deriveProof(let requestID, _), .answer(let requestID, _, _, _),
            .selectAlternative(let requestID, _, _), .resendOtp(let requestID, _),
            .completeDeviceLink(let requestID, _, _, _), .switchSession(let requestID, _):
            requestID
        case .cancelCeremony:
            nil
        }
    }
}
