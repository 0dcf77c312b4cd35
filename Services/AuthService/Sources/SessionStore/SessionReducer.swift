import Bus
import FolioModel
import StoreKit
import WireModel

/// SessionStore: the runtime's identity and its status (DESIGN §3, "Session"). Every change is published
/// on the bus, so every store of the runtime follows it (the vault switches, document lists clear).
public struct SessionReducer: StoreReducer {
    public struct State: Sendable, Codable, Equatable {
        public var identity: SessionIdentity
        public var status: SessionStatus
        /// Folio's session behind an authenticated identity; nil for a guest identity.
        public var folioSessionID: String?
        /// A sign-out is under way: further sign-outs do nothing until the new guest identity exists.
        public var signingOut: Bool
        /// Correlates an effect with the event that answers it (no randomness in the reducer).
        public var lastRequestID: Int64

        public init(
            identity: SessionIdentity, status: SessionStatus = .device, folioSessionID: String? = nil,
            signingOut: Bool = false, lastRequestID: Int64 = 0
        ) {
            self.identity = identity
            self.status = status
            self.folioSessionID = folioSessionID
            self.signingOut = signingOut
            self.lastRequestID = lastRequestID
        }
    }

    public typealias Action = SessionAction

    public enum Event: Sendable, Equatable {
        case actionReceived(SessionAction)
        /// The new guest identity of a sign-out exists.
        case transientIdentityCreated(requestID: Int64, accountId: String)
        /// A sign-in or recovery finished on this identity (Folio confirmed it).
        case switched(identity: SessionIdentity, folioSessionID: String?)
        /// The session could not switch to the ceremony's identity: the previous one stays, with status Device.
        case switchFailed
        /// Folio ended the session ("Expired sessions").
        case endedByFolio(folioSessionID: String)
        /// The runtime's session changed elsewhere (a ceremony, another SessionStore, the expiry watcher).
        case observed(SessionUiModel, folioSessionID: String?)
    }

    public enum Effect: Sendable, Codable, Equatable {
        /// Signs the session out at Folio (idempotent: ending an ended session is not an error).
        case endFolioSession(folioSessionID: String)
        /// Creates the guest account that the runtime's new transient identity holds.
        case createTransientIdentity(requestID: Int64)
        /// Records the runtime's session and announces the new model to every store of the runtime.
        case publishChange(SessionUiModel, folioSessionID: String?)
    }

    public init() {}

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> SessionAction {
        do {
            return try SessionAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    public static func lane(of action: SessionAction) -> ActionLane { .skipsQueue }

    public static func actionReceived(_ action: SessionAction) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(.signOut):
            guard !state.signingOut else { return [] }
            state.signingOut = true
            state.lastRequestID += 1
            var effects: [Effect] = []
            if let session = state.folioSessionID { effects.append(.endFolioSession(folioSessionID: session)) }
            effects.append(.createTransientIdentity(requestID: state.lastRequestID))
            return effects

        case .transientIdentityCreated(let requestID, let accountId):
            guard state.signingOut, requestID == state.lastRequestID else { return [] }
            state.identity = .transient(accountId: accountId)
            state.status = .device
            state.folioSessionID = nil
            state.signingOut = false
            return [.publishChange(model(state), folioSessionID: state.folioSessionID)]

        case .switched(let identity, let folioSessionID):
            state.identity = identity
            state.status = .active
            state.folioSessionID = folioSessionID
            return [.publishChange(model(state), folioSessionID: state.folioSessionID)]

        case .switchFailed:
            state.status = .device
            return [.publishChange(model(state), folioSessionID: state.folioSessionID)]

        case .observed(let model, let folioSessionID):
            // Already recorded and announced by whoever changed it: only follow.
            state.identity = model.identity
            state.status = model.status
            state.folioSessionID = folioSessionID
            return []

        case .endedByFolio(let folioSessionID):
            guard state.folioSessionID == folioSessionID, state.status != .expired else { return [] }
            state.status = .expired
            return [.publishChange(model(state), folioSessionID: state.folioSessionID)]
        }
    }

    public func model(of state: State) -> JSONValue { model(state).json }

    private func model(_ state: State) -> SessionUiModel {
        SessionUiModel(identity: state.identity, status: state.status)
    }
}
