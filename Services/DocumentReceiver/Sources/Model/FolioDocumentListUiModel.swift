import FolioModel
import WireModel

/// The state of FolioDocumentListStore. Wire: `{items: [FolioDocument], reception: FolioDocumentReception}`.
public struct FolioDocumentListUiModel: Sendable, Equatable {
    public var items: [FolioDocument]
    public var reception: FolioDocumentReception

    public init(items: [FolioDocument], reception: FolioDocumentReception) {
        self.items = items
        self.reception = reception
    }

    public var json: JSONValue {
        ["items": .array(items.map(\.json)), "reception": reception.json]
    }
}

/// What a client dispatches to FolioDocumentListStore. Wire: `{type: 'REFRESH' | 'RETRY' | 'ACKNOWLEDGE'}`.
public enum FolioDocumentListAction: WirePlainEnum {
    /// Reads the vault again and looks for documents to receive.
    case refresh
    /// Looks for documents to receive again after a failed pass.
    case retry
    /// The received document was opened: the reception goes back to Idle.
    case acknowledge

    public var wireType: String {
        switch self {
        case .refresh: "REFRESH"
        case .retry: "RETRY"
        case .acknowledge: "ACKNOWLEDGE"
        }
    }
}
