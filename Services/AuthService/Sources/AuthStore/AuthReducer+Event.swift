import FolioClient
import FolioModel
import StoreKit

extension AuthReducer {
    /// What happened to AuthStore.
    public enum Event: Sendable, Equatable {
        case actionReceived(AuthAction)
        /// Folio answered the call of effect `requestID` with the ceremony as it stands.
        case folioAnswered(requestID: UInt64, FolioCeremony)
        /// Folio refused the call of effect `requestID`, or could not be reached.
        case folioFailed(requestID: UInt64, AuthFolioFailure)
        /// The effect runner derived the answer (proof, and strength for a new password) of `deriveProof`.
        case proofDerived(requestID: UInt64, FolioCeremonyAnswer)
        /// Deriving the proof failed.
        case proofFailed(requestID: UInt64, message: String)
        /// The typed secret of `deriveProof` did not survive a restarted worker (the snapshot never holds it):
        /// nothing was wrong with it, the person has to type it again.
        case secretLost(requestID: UInt64, kind: AuthProofRequest.Kind)
        case sessionSwitched(requestID: UInt64)
        case sessionSwitchFailed(requestID: UInt64)
        case localeChanged(LocaleTag)
        /// The runtime's capabilities, checked once when it starts.
        case capabilities(passkey: Bool)
        /// The identity the session is on changed outside this store (restored, signed out).
        case sessionChanged(AuthSessionContext?)
        /// The SDK locale and the session read again once the store follows their announcements; `sinceLocale`
        /// and `sinceSession` are what the store held when that read began. Each is taken only while the store
        /// still holds it: an announcement or a switch that reached the store meanwhile is newer than the read.
        case readAgain(
            locale: LocaleTag, session: AuthSessionContext, sinceLocale: LocaleTag, sinceSession: AuthSessionContext?)
    }
}

/// A failed Folio call, as the reducer classifies it.
public enum AuthFolioFailure: Sendable, Equatable {
    /// Folio answered with an error code.
    case refused(FolioAuthFailure)
    /// Folio could not be reached or did not answer in time.
    case unreachable
    /// Anything else (a malformed answer, a server error without a code).
    case unclassified(message: String?)

    public init(_ error: FolioAuthError) {
        if let failure = error.failure {
            self = .refused(failure)
        } else if error.status == 429 {
            self = .refused(
                FolioAuthFailure(
                    code: .rateLimited(retryAfterSeconds: error.underlying.retryAfterSeconds),
                    message: error.underlying.message))
        } else if error.status == nil, error.isRetryable {
            self = .unreachable
        } else {
            self = .unclassified(message: error.description)
        }
    }
}

extension AuthReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .folioAnswered(let requestID, _), .folioFailed(let requestID, _), .proofDerived(let requestID, _),
            .proofFailed(let requestID, _), .secretLost(let requestID, _), .sessionSwitched(let requestID),
            .sessionSwitchFailed(let requestID):
            requestID
        case .actionReceived, .localeChanged, .capabilities, .sessionChanged, .readAgain:
            nil
        }
    }
}
