import Bus
import FolioModel
import WireModel

/// The state of FolioDocumentListStore. Wire: `{items: [FolioDocument], reception: FolioDocumentReception}`.
public struct FolioDocumentListUiModel: Sendable, Equatable, WireDescribed {
    public var items: [FolioDocument]
    public var reception: FolioDocumentReception

    public init(items: [FolioDocument], reception: FolioDocumentReception) {
        self.items = items
        self.reception = reception
    }

    public var json: JSONValue {
        ["items": .array(items.map(\.json)), "reception": reception.json]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "items": JSONSchema.array(FolioDocument.ref).described(
                    "The active digital records of the vault; empty while no session holds a vault."),
                "reception": FolioDocumentReception.ref,
            ], required: ["items", "reception"])
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
