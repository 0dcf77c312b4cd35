import Bus
import FolioAPI
import FolioModel
import StoreKit
import WireModel

/// FolioDocumentListStore's logic (spec `folio-documents.md`, "FolioDocumentListStore") as a pure reducer: it
/// reads the vault on mount, on Refresh and when the vault, the session or the SDK locale changes; a vault that
/// cannot be read keeps the items (with a warning, no error in the state); a change of session clears the items
/// and the reception until the new session's vault is read. The reception follows `ReceptionState`.
public struct DocumentListReducer: StoreReducer {
    public init() {}

    public typealias Action = FolioDocumentListAction

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> FolioDocumentListAction {
        do {
            return try FolioDocumentListAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// `FolioDocumentListUiModel` and `FolioDocumentListAction` with every type they reference (docs/documents.md).
    public static let contract: StoreContract? = StoreContract(
        model: FolioDocumentListUiModel.self, action: FolioDocumentListAction.self,
        types: [FolioDocumentReception.self] + FolioDocument.wireTypes)

    public static func lane(of action: FolioDocumentListAction) -> ActionLane { .skipsQueue }

    public static func actionReceived(_ action: FolioDocumentListAction) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(.refresh):
            state.reception.passStarted(.refresh)
            return read(&state) + [.requestPass(.refresh)]
        case .actionReceived(.retry):
            state.reception.passStarted(.retry)
            return [.requestPass(.retry)]
        case .actionReceived(.acknowledge):
            state.reception.acknowledged()
            return []
        case .mounted:
            return read(&state) + [.askReceptionStatus]
        case .vaultChanged:
            return read(&state)
        case .languageChanged(let language):
            state.language = language
            return read(&state)
        case .sessionChanged:
            state.items = []
            state.reception.sessionChanged()
            // The previous session's read is stale: a new one replaces it.
            return [.read(requestID: state.reads.restart()), .askReceptionStatus]
        case .itemsRead(let requestID, let items):
            guard state.reads.settle(requestID) else { return [] }
            state.items = items
            return readAgainIfChanged(&state)
        case .readFailed(let requestID, let message):
            guard state.reads.settle(requestID) else { return [] }
            return [.warnVaultUnreadable(message: message)] + readAgainIfChanged(&state)
        case .receptionStarted(let trigger):
            state.reception.passStarted(trigger)
            return []
        case .receptionEnded(let outcome, let notIssued, let received, let trigger):
            state.reception.passEnded(outcome, notIssued: notIssued, received: received, trigger: trigger)
            return []
        }
    }

    /// One read at a time: a change during a read is read after it.
    private func read(_ state: inout State) -> [Effect] {
        state.reads.request().map { [.read(requestID: $0)] } ?? []
    }

    private func readAgainIfChanged(_ state: inout State) -> [Effect] {
        state.reads.readAgainIfChanged().map { [.read(requestID: $0)] } ?? []
    }

    public func model(of state: State) -> JSONValue {
        FolioDocumentListUiModel(
            items: state.items, reception: state.reception.shown(.forLanguage(state.language))
        ).json
    }
}
