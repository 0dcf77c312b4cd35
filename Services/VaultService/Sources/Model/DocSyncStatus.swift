import Bus
import FolioModel
import WireModel

/// Where the vault's sync is (spec "DocSyncPhase"). Wire: `{type: 'IDLE'}`, `{type: 'DEGRADED', value:
/// {message}}`.
public enum DocSyncPhase: WireValue, WireDescribed {
    case idle
    case syncing
    /// Some records or attachments failed: "1 record failure(s), 0 attachment failure(s)".
    case degraded(message: String)
    /// A record stored here could not be decoded at the start of the session; fetching waits.
    case error(message: String)

    /// Stored records could not be opened at the start of the session: nothing is fetched.
    public var isError: Bool {
        if case .error = self { return true }
        return false
    }

    /// The Degraded message for the failures of a pass.
    public static func degraded(recordFailures: Int, attachmentFailures: Int) -> DocSyncPhase {
        .degraded(message: "\(recordFailures) record failure(s), \(attachmentFailures) attachment failure(s)")
    }

    public var json: JSONValue {
        switch self {
        case .idle: Wire.tagged("IDLE")
        case .syncing: Wire.tagged("SYNCING")
        case .degraded(let message): Wire.tagged("DEGRADED", ["message": .string(message)])
        case .error(let message): Wire.tagged("ERROR", ["message": .string(message)])
        }
    }

    public static var wireSchema: JSONSchema {
        let message = JSONSchema.closedObject(["message": .string], required: ["message"])
        return .tagged(["IDLE": nil, "SYNCING": nil, "DEGRADED": message, "ERROR": message])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "IDLE":
            try tagged.noFields()
            self = .idle
        case "SYNCING":
            try tagged.noFields()
            self = .syncing
        case "DEGRADED": self = .degraded(message: try tagged.fields(["message"]).string("message", .modelText))
        case "ERROR": self = .error(message: try tagged.fields(["message"]).string("message", .modelText))
        default: throw tagged.unknownType(["IDLE", "SYNCING", "DEGRADED", "ERROR"])
        }
    }
}

/// The vault's sync (spec "DocSyncStatus"). Wire: `{phase, conflictCount, pending, lastSyncedAt?}`.
public struct DocSyncStatus: WireValue, WireDescribed {
    public var phase: DocSyncPhase
    /// Records whose `header.sync.conflict` is not None.
    public var conflictCount: UInt32
    /// Records and folders with a change that has not reached Folio yet.
    public var pending: UInt32
    /// When a push and fetch last succeeded, in seconds since the Unix epoch.
    public var lastSyncedAt: Int64?

    public init(phase: DocSyncPhase = .idle, conflictCount: UInt32 = 0, pending: UInt32 = 0, lastSyncedAt: Int64? = nil)
    {
        self.phase = phase
        self.conflictCount = conflictCount
        self.pending = pending
        self.lastSyncedAt = lastSyncedAt
    }

    public var json: JSONValue {
        Wire.object([
            "phase": phase.json, "conflictCount": .int(Int64(conflictCount)), "pending": .int(Int64(pending)),
            "lastSyncedAt": lastSyncedAt.map(JSONValue.int),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "phase": DocSyncPhase.ref,
                "conflictCount": JSONSchema.count.described("Records whose header.sync.conflict is not NONE."),
                "pending": JSONSchema.count.described(
                    "Records and folders with a change that has not reached Folio yet."),
                "lastSyncedAt": JSONSchema.seconds.described("When a push and fetch last succeeded."),
            ], required: ["phase", "conflictCount", "pending"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["phase", "conflictCount", "pending", "lastSyncedAt"])
        self.init(
            phase: try object.value("phase"), conflictCount: UInt32(clamping: try object.uint64("conflictCount")),
            pending: UInt32(clamping: try object.uint64("pending")),
            lastSyncedAt: try object.optionalInt64("lastSyncedAt"))
    }
}
