import Bus
import FolioAPI
import FolioModel
import StoreKit
import WireModel

/// SessionStore: the runtime's identity and its status (DESIGN §3, "Session"). Every change is published
/// on the bus, so every store of the runtime follows it (the vault switches, document lists clear).
public struct SessionReducer: StoreReducer {
    public typealias Action = SessionAction

    public init() {}

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> SessionAction {
        do {
            return try SessionAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// `SessionUiModel` and `SessionAction` with the shared identity types they reference.
    public static let contract: StoreContract? = StoreContract(
        model: SessionUiModel.self, action: SessionAction.self, types: [SessionIdentity.self, SessionStatus.self])

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

        case .readAgain(let read, let folioSessionID, let held, let heldFolioSessionID):
            guard model(state) == held, state.folioSessionID == heldFolioSessionID else { return [] }
            return reduce(&state, .observed(read, folioSessionID: folioSessionID))

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
