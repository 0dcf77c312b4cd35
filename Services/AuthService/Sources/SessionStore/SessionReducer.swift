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
        /// The new guest identity a sign-out waits for (no randomness in the reducer: ids count up).
        public var requests: RequestLedger<SessionRequest>

        public init(
            identity: SessionIdentity, status: SessionStatus = .device, folioSessionID: String? = nil,
            requests: RequestLedger<SessionRequest> = .init()
        ) {
            self.identity = identity
            self.status = status
            self.folioSessionID = folioSessionID
            self.requests = requests
        }

        /// A sign-out is under way: further sign-outs do nothing until the new guest identity exists.
        public var signingOut: Bool { requests.isAwaitingAny }

        // Snapshots keep the shape they had before the ledger: `signingOut` and `lastRequestID`.
        private enum CodingKeys: String, CodingKey {
            case identity, status, folioSessionID, signingOut, lastRequestID
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let lastRequestID = try container.decode(UInt64.self, forKey: .lastRequestID)
            let signingOut = try container.decode(Bool.self, forKey: .signingOut)
            self.init(
                identity: try container.decode(SessionIdentity.self, forKey: .identity),
                status: try container.decode(SessionStatus.self, forKey: .status),
                folioSessionID: try container.decodeIfPresent(String.self, forKey: .folioSessionID),
                requests: RequestLedger(
                    lastIssued: lastRequestID,
                    awaited: signingOut ? [.init(id: lastRequestID, purpose: .newGuestIdentity)] : []))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identity, forKey: .identity)
            try container.encode(status, forKey: .status)
            try container.encodeIfPresent(folioSessionID, forKey: .folioSessionID)
            try container.encode(signingOut, forKey: .signingOut)
            try container.encode(requests.lastIssued, forKey: .lastRequestID)
        }
    }

    /// What SessionStore waits for: the guest identity of a sign-out, one at a time.
    public enum SessionRequest: RequestPurpose {
        case newGuestIdentity

        public var slot: SessionRequest? { self }
    }

    public typealias Action = SessionAction

    public enum Event: Sendable, Equatable {
        case actionReceived(SessionAction)
        /// The new guest identity of a sign-out exists.
        case transientIdentityCreated(requestID: UInt64, accountId: String)
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
        case createTransientIdentity(requestID: UInt64)
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
            let requestID = state.requests.request(.newGuestIdentity)
            var effects: [Effect] = []
            if let session = state.folioSessionID { effects.append(.endFolioSession(folioSessionID: session)) }
            effects.append(.createTransientIdentity(requestID: requestID))
            return effects

        case .transientIdentityCreated(let requestID, let accountId):
            guard state.requests.settle(requestID) else { return [] }
            state.identity = .transient(accountId: accountId)
            state.status = .device
            state.folioSessionID = nil
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

extension SessionReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        if case .transientIdentityCreated(let requestID, _) = self { return requestID }
        return nil
    }
}

extension SessionReducer.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        if case .createTransientIdentity(let requestID) = self { return requestID }
        return nil
    }
}
