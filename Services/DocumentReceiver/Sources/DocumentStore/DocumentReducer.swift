import Bus
import FolioAPI
import FolioModel
import StoreKit
import WireModel

/// FolioDocumentStore's logic (spec `folio-documents.md`, "FolioDocumentStore") as a pure reducer: it reads its
/// document on mount, on Refresh and when the vault, the session or the SDK locale changes; a failed read keeps
/// the phase and the last document and sets the error, and the next read that succeeds clears it.
public struct DocumentReducer: StoreReducer {
    public init() {}

    public typealias Action = FolioDocumentAction

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> FolioDocumentAction {
        do {
            return try FolioDocumentAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// `FolioDocumentUiModel` and `FolioDocumentAction` with every type they reference (docs/documents.md).
    public static let contract: StoreContract? = StoreContract(
        model: FolioDocumentUiModel.self, action: FolioDocumentAction.self,
        types: [FolioDocumentPhase.self] + FolioDocument.wireTypes)

    public static func lane(of action: FolioDocumentAction) -> ActionLane { .skipsQueue }

    public static func actionReceived(_ action: FolioDocumentAction) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(.refresh), .mounted, .readNeeded:
            return read(&state)
        case .documentRead(let requestID, let document):
            guard state.reads.settle(requestID) else { return [] }
            state.error = nil
            state.document = document
            state.phase = document == nil ? .notFound : .ready
            return readAgainIfChanged(&state)
        case .readFailed(let requestID, let message):
            guard state.reads.settle(requestID) else { return [] }
            state.error = message
            return [.warnReadFailed(documentID: state.documentID, message: message)] + readAgainIfChanged(&state)
        }
    }

    /// One read at a time: a change during a read is read after it.
    private func read(_ state: inout State) -> [Effect] {
        state.reads.request().map { [.read(requestID: $0, documentID: state.documentID)] } ?? []
    }

    private func readAgainIfChanged(_ state: inout State) -> [Effect] {
        state.reads.readAgainIfChanged().map { [.read(requestID: $0, documentID: state.documentID)] } ?? []
    }

    public func model(of state: State) -> JSONValue {
        FolioDocumentUiModel(phase: state.phase, document: state.document, error: state.error).json
    }
}
