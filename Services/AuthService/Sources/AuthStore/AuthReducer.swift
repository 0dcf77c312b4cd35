import Bus
import FolioAPI
import FolioClient
import FolioModel
import StoreKit
import WireModel

/// AuthStore's logic (spec `authentication.md`, docs/auth-store.md) as a pure reducer: it runs the Folio
/// authentication ceremony through effects, shows where it is in `AuthFlowStep`, and never keeps a typed
/// password or recovery code in its state (only proofs derived from them).
public struct AuthReducer: StoreReducer {
    /// The Folio organization the ceremonies run in.
    public let organizationId: String
    /// This device as Folio's ceremony start describes it.
    public let device: FolioAuthDevice

    public init(organizationId: String, device: FolioAuthDevice) {
        self.organizationId = organizationId
        self.device = device
    }

    public typealias Action = AuthAction

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> AuthAction {
        do {
            return try AuthAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// `AuthUiModel` and `AuthAction` with every type they reference (docs/auth-store.md).
    public static let contract: StoreContract? = StoreContract(
        model: AuthUiModel.self, action: AuthAction.self,
        types: [
            AuthFlowStep.self, AuthPhase.self, AuthMethod.self, AuthError.self, OtpChannel.self,
            AuthSocialProvider.self, Platform.self, PasskeyRequest.self, PasskeyRequestOptions.self,
            PasskeyCredentialDescriptor.self, PasskeyUserVerification.self, DataRegion.self, DataRegionOption.self,
            AuthStart.self, NewSession.self, AuthIdentifierInput.self, VerificationRequirement.self,
            VerificationOperation.self, VerificationOperationType.self, AuthAnswer.self, PasskeyOutcome.self,
            PasskeyAssertion.self,
        ])

    /// Every AuthStore action skips the runtime's queue: a person waits for each one.
    public static func lane(of action: AuthAction) -> ActionLane { .skipsQueue }

    public static func actionReceived(_ action: AuthAction) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(let action):
            return receive(action, &state)
        case .folioAnswered(let requestID, let ceremony):
            guard let pending = settleCeremonyCall(requestID, &state) else { return [] }
            return apply(ceremony, after: pending, &state)
        case .folioFailed(let requestID, let failure):
            guard let pending = settleCeremonyCall(requestID, &state) else { return [] }
            return fail(failure, after: pending, &state)
        case .proofDerived(let requestID, let answer):
            guard settleCeremonyCall(requestID, only: .deriveProof, &state) != nil else { return [] }
            return proofDerived(answer, &state)
        case .proofFailed(let requestID, let message):
            guard let pending = settleCeremonyCall(requestID, only: .deriveProof, &state) else { return [] }
            return fail(.unclassified(message: message), after: pending, &state)
        case .secretLost(let requestID, let kind):
            guard settleCeremonyCall(requestID, only: .deriveProof, &state) != nil else { return [] }
            return secretLost(kind, &state)
        case .sessionSwitched(let requestID):
            guard
                case .sessionSwitch(let session)? = state.requests.settle(requestID, if: { $0.slot == .sessionSwitch })
            else { return [] }
            state.session = session
            return []
        case .sessionSwitchFailed(let requestID):
            guard state.requests.settle(requestID, if: { $0.slot == .sessionSwitch }) != nil else { return [] }
            // Only the flow of the ceremony that switched moves on; a ceremony started meanwhile keeps its own.
            if case .authenticated = state.flow, state.ceremony == nil {
                state.flow = .failed(error: .sessionUnavailable)
            }
            return []
        case .localeChanged(let locale):
            state.locale = locale
            return []
        case .capabilities(let passkey):
            state.supportsPasskeys = passkey
            return []
        case .sessionChanged(let session):
            state.session = session
            return []
        case .readAgain(let locale, let session, let sinceLocale, let sinceSession):
            if state.locale == sinceLocale { state.locale = locale }
            if state.session == sinceSession { state.session = session }
            return []
        }
    }

    /// Settles the answer to the ceremony's call `requestID` (of `purpose`, when given); nil when it is stale.
    private func settleCeremonyCall(
        _ requestID: UInt64, only purpose: AuthPendingCall.Purpose? = nil, _ state: inout State
    ) -> AuthPendingCall? {
        let settled = state.requests.settle(requestID) { awaited in
            guard case .ceremony(let awaitedPurpose) = awaited else { return false }
            return purpose == nil || awaitedPurpose == purpose
        }
        guard case .ceremony(let settledPurpose)? = settled else { return nil }
        return AuthPendingCall(requestID: requestID, purpose: settledPurpose)
    }

    public func model(of state: State) -> JSONValue {
        AuthUiModel(flow: state.flow, dataRegion: state.dataRegion, locale: state.locale).json
    }
}
