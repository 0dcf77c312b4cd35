import Bus
import FolioModel
import WireModel

/// Where a record is in its lifecycle (spec "RecordHeader"): Active, or Deleted until restored or permanently
/// deleted. A value Folio stores with the record, so a plain string on the wire (spec "Types on each platform":
/// `RecordState.ACTIVE` for `'ACTIVE'`). Wire: `"ACTIVE"`, `"DELETED"`.
public enum RecordState: String, WireStringEnum {
    case active = "ACTIVE"
    case deleted = "DELETED"
}

/// What the account may do with a record: the owner changes it; a viewer of a shared record only reads it
/// (and keeps its own settings). A value Folio stores with the record and the share, so a plain string.
/// Wire: `"OWNER"`, `"VIEW"`.
public enum RecordPermission: String, WireStringEnum {
    case owner = "OWNER"
    case view = "VIEW"
}

/// Why a record's local change cannot be pushed as it is (spec "Conflicts"). The SDK's own sync state, which
/// Folio never stores, so a `{type}` object like the SDK's other local states (spec "Types on each platform":
/// `ConflictState.none` for `{ type: 'NONE' }`). Wire: `{type: 'NONE'}`.
public enum ConflictState: WirePlainEnum {
    case none
    /// Folio has a newer version of a record changed here.
    case remoteChanged
    /// Folio deleted a record changed here.
    case remoteDeleted
    /// Folio changed a record deleted here.
    case localDeleted

    /// One copy for every record in no conflict (nearly all of them), not one each: models share it.
    private static let noneJSON = Wire.tagged(ConflictState.none.wireType)

    public var json: JSONValue { self == .none ? Self.noneJSON : Wire.tagged(wireType) }

    public var wireType: String {
        switch self {
        case .none: "NONE"
        case .remoteChanged: "REMOTE_CHANGED"
        case .remoteDeleted: "REMOTE_DELETED"
        case .localDeleted: "LOCAL_DELETED"
        }
    }
}

/// How a record stands with Folio (spec "RecordSync"). Wire: `{dirty, conflict, revision?}`.
public struct RecordSync: WireValue, WireDescribed {
    /// A local change has not reached Folio yet.
    public var dirty: Bool
    public var conflict: ConflictState
    /// Folio's revision of the record, once it has one.
    public var revision: UInt64?

    public init(dirty: Bool, conflict: ConflictState = .none, revision: UInt64? = nil) {
        self.dirty = dirty
        self.conflict = conflict
        self.revision = revision
    }

    /// The state of every record with no revision and no conflict, one copy each, which models share.
    private static let plainJSON = (
        clean: Wire.object(["dirty": false, "conflict": ConflictState.none.json]),
        dirty: Wire.object(["dirty": true, "conflict": ConflictState.none.json])
    )

    public var json: JSONValue {
        if revision == nil, conflict == .none { return dirty ? Self.plainJSON.dirty : Self.plainJSON.clean }
        return Wire.object(["dirty": .bool(dirty), "conflict": conflict.json, "revision": revision.map(Wire.number)])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "dirty": JSONSchema.boolean.described("A local change has not reached Folio yet."),
                "conflict": ConflictState.ref,
                "revision": JSONSchema.count.described("Folio's revision of the record, once it has one."),
            ], required: ["dirty", "conflict"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["dirty", "conflict", "revision"])
        self.init(
            dirty: try object.bool("dirty"), conflict: try object.value("conflict"),
            revision: try object.optionalUInt64("revision"))
    }
}

/// What the vault knows about a record or a folder besides its body (spec "RecordHeader"). Times are seconds
/// since the Unix epoch. Wire: `{id, schema, version, state, permission, createdAt, updatedAt, deletedAt?,
/// revokedAt?, attachments, sync}`.
public struct RecordHeader: WireValue, WireDescribed {
    /// Folio's id once Folio confirmed the record, else the local id (`D_…`, `F_…`).
    public var id: String
    public var schema: String
    public var version: UInt32
    public var state: RecordState
    public var permission: RecordPermission
    public var createdAt: Int64
    public var updatedAt: Int64
    public var deletedAt: Int64?
    /// When the issuer revoked the record; it stays readable.
    public var revokedAt: Int64?
    /// Ids (`AT_…`) of the record's attachments.
    public var attachments: [String]
    public var sync: RecordSync

    public init(
        id: String, schema: String, version: UInt32, state: RecordState, permission: RecordPermission,
        createdAt: Int64, updatedAt: Int64, deletedAt: Int64? = nil, revokedAt: Int64? = nil,
        attachments: [String] = [], sync: RecordSync
    ) {
        self.id = id
        self.schema = schema
        self.version = version
        self.state = state
        self.permission = permission
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deletedAt = deletedAt
        self.revokedAt = revokedAt
        self.attachments = attachments
        self.sync = sync
    }

    public var json: JSONValue {
        Wire.object([
            "id": .string(id), "schema": .string(schema), "version": .int(Int64(version)), "state": state.json,
            "permission": permission.json, "createdAt": .int(createdAt), "updatedAt": .int(updatedAt),
            "deletedAt": deletedAt.map(JSONValue.int), "revokedAt": revokedAt.map(JSONValue.int),
            "attachments": .array(attachments.map(JSONValue.string)), "sync": sync.json,
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": JSONSchema.string.described(
                    "The local id (D_…, F_…) until Folio confirmed the record, then Folio's id (rec_…, fld_…)."),
                "schema": .string, "version": JSONSchema(["type": "integer", "minimum": 0, "maximum": 4_294_967_295]),
                "state": RecordState.ref, "permission": RecordPermission.ref, "createdAt": .seconds,
                "updatedAt": .seconds, "deletedAt": .seconds,
                "revokedAt": JSONSchema.seconds.described("When the issuer revoked the record; it stays readable."),
                "attachments": JSONSchema.array(.string).described("Ids (AT_…) of the record's attachments."),
                "sync": RecordSync.ref,
            ],
            required: [
                "id", "schema", "version", "state", "permission", "createdAt", "updatedAt", "attachments", "sync",
            ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path,
            fields: [
                "id", "schema", "version", "state", "permission", "createdAt", "updatedAt", "deletedAt", "revokedAt",
                "attachments", "sync",
            ])
        self.init(
            id: try object.string("id", .modelText), schema: try object.string("schema", .modelText),
            version: UInt32(clamping: try object.uint64("version")), state: try object.value("state"),
            permission: try object.value("permission"), createdAt: try object.int64("createdAt"),
            updatedAt: try object.int64("updatedAt"), deletedAt: try object.optionalInt64("deletedAt"),
            revokedAt: try object.optionalInt64("revokedAt"),
            attachments: try object.strings("attachments", .modelText, maxCount: .max),
            sync: try object.value("sync"))
    }
}

/// The folders a record is in, as on the device, and the account's own settings of it (spec
/// "RecordMetadata"). Wire: `{folders, settings?}`.
public struct RecordMetadata: WireValue, WireDescribed {
    public var folders: [String]
    public var settings: DocumentSettings?

    public init(folders: [String] = [], settings: DocumentSettings? = nil) {
        self.folders = folders
        self.settings = settings
    }

    /// The metadata of every record in no folder and with no settings, one copy, which models share.
    private static let emptyJSON = Wire.object(["folders": .array([])])

    public var json: JSONValue {
        if folders.isEmpty, settings == nil { return Self.emptyJSON }
        return Wire.object(["folders": .array(folders.map(JSONValue.string)), "settings": settings?.json])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "folders": JSONSchema.array(.string).described("The folders the record is in, as on the device."),
                "settings": DocumentSettings.ref,
            ], required: ["folders"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["folders", "settings"])
        self.init(
            folders: try object.strings("folders", .modelText, maxCount: .max),
            settings: try object.optionalValue("settings"))
    }
}

/// A record of the vault (spec "VaultRecord"), with the key that names it for its whole life. Wire: `{key, header,
/// metadata, payload}`.
public struct VaultRecord: WireValue, WireDescribed {
    /// The record's id for its whole life in this vault: the local id it was created with (`D_…`; Folio's id for
    /// a record another account shares). Unlike `header.id` it stays when Folio's id replaces the local one;
    /// every action takes either.
    public var key: String
    public var header: RecordHeader
    public var metadata: RecordMetadata
    /// The app's JSON document, as written.
    public var payload: String

    /// `key`: the local id; `header.id` when not given (an entry Folio has not confirmed yet).
    public init(key: String? = nil, header: RecordHeader, metadata: RecordMetadata = RecordMetadata(), payload: String)
    {
        self.key = key ?? header.id
        self.header = header
        self.metadata = metadata
        self.payload = payload
    }

    public var json: JSONValue {
        ["key": .string(key), "header": header.json, "metadata": metadata.json, "payload": .string(payload)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "key": JSONSchema.string.described(
                    "The id for the entry's whole life: the local id it was created with; actions take it."),
                "header": RecordHeader.ref, "metadata": RecordMetadata.ref,
                "payload": JSONSchema.string.described("The app's JSON document, as written."),
            ], required: ["key", "header", "metadata", "payload"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["key", "header", "metadata", "payload"])
        self.init(
            key: try object.string("key", .modelText), header: try object.value("header"),
            metadata: try object.value("metadata"), payload: try object.string("payload", .modelText))
    }
}

/// The records in a folder, whether it is open, and the account's settings of it (spec "FolderMetadata").
/// Wire: `{records, open, settings?}`.
public struct FolderMetadata: WireValue, WireDescribed {
    public var records: [String]
    public var open: Bool
    public var settings: DocumentSettings?

    public init(records: [String] = [], open: Bool = false, settings: DocumentSettings? = nil) {
        self.records = records
        self.open = open
        self.settings = settings
    }

    public var json: JSONValue {
        Wire.object([
            "records": .array(records.map(JSONValue.string)), "open": .bool(open), "settings": settings?.json,
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "records": JSONSchema.array(.string).described("The ids of the records in the folder."),
                "open": .boolean, "settings": DocumentSettings.ref,
            ], required: ["records", "open"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["records", "open", "settings"])
        self.init(
            records: try object.strings("records", .modelText, maxCount: .max),
            open: try object.bool("open"), settings: try object.optionalValue("settings"))
    }
}

/// A folder of the vault (spec "Folder"): a header like a record's, its metadata and its JSON body.
/// Wire: `{key, header, metadata, payload}`.
public struct VaultFolder: WireValue, WireDescribed {
    /// The folder's id for its whole life in this vault: the local id it was created with (`F_…`; Folio's id for
    /// a record another account shares). Unlike `header.id` it stays when Folio's id replaces the local one;
    /// every action takes either.
    public var key: String
    public var header: RecordHeader
    public var metadata: FolderMetadata
    public var payload: String

    /// `key`: the local id; `header.id` when not given (an entry Folio has not confirmed yet).
    public init(key: String? = nil, header: RecordHeader, metadata: FolderMetadata = FolderMetadata(), payload: String)
    {
        self.key = key ?? header.id
        self.header = header
        self.metadata = metadata
        self.payload = payload
    }

    /// The spec's name.
    public static var wireName: String { "Folder" }

    public var json: JSONValue {
        ["key": .string(key), "header": header.json, "metadata": metadata.json, "payload": .string(payload)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "key": JSONSchema.string.described(
                    "The id for the entry's whole life: the local id it was created with; actions take it."),
                "header": RecordHeader.ref, "metadata": FolderMetadata.ref,
                "payload": JSONSchema.string.described("The folder's JSON body, as written."),
            ], required: ["key", "header", "metadata", "payload"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["key", "header", "metadata", "payload"])
        self.init(
            key: try object.string("key", .modelText), header: try object.value("header"),
            metadata: try object.value("metadata"), payload: try object.string("payload", .modelText))
    }
}
