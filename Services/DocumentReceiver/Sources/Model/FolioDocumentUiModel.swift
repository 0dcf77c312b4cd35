import Bus
import FolioModel
import WireModel

/// The state of FolioDocumentStore. Wire: `{phase, document?, error?}`; `error` is
/// `{type: 'READ_FAILED', value: {message}}`.
public struct FolioDocumentUiModel: Sendable, Equatable, WireDescribed {
    public var phase: FolioDocumentPhase
    public var document: FolioDocument?
    public var error: String?

    public init(phase: FolioDocumentPhase, document: FolioDocument?, error: String?) {
        self.phase = phase
        self.document = document
        self.error = error
    }

    public var json: JSONValue {
        Wire.object([
            "phase": phase.json, "document": document?.json,
            "error": error.map { Wire.tagged("READ_FAILED", ["message": .string($0)]) },
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "phase": FolioDocumentPhase.ref, "document": FolioDocument.ref,
                "error": JSONSchema.tagged(["READ_FAILED": .closedObject(["message": .string], required: ["message"])])
                    .described("The last read failed; the next read that succeeds clears it."),
            ], required: ["phase"])
    }
}

/// Wire: `{type: 'LOADING' | 'READY' | 'NOT_FOUND'}`.
public enum FolioDocumentPhase: WirePlainEnum {
    case loading
    case ready
    case notFound

    public var wireType: String {
        switch self {
        case .loading: "LOADING"
        case .ready: "READY"
        case .notFound: "NOT_FOUND"
        }
    }
}

/// What a client dispatches to FolioDocumentStore. Wire: `{type: 'REFRESH'}`.
public enum FolioDocumentAction: WirePlainEnum {
    /// Reads the document again.
    case refresh

    public var wireType: String {
        switch self {
        case .refresh: "REFRESH"
        }
    }
}
