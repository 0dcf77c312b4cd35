import Bus
import FolioModel
import WireModel

/// What a client dispatches to VaultStore (spec "Actions"). Wire: `{type: 'SYNC'}`,
/// `{type: 'WRITE', value: {value: VaultWrite}}`, `{type: 'SHARE', value: {value: VaultShare}}`,
/// `{type: 'DISMISS_ERROR'}`.
public enum VaultAction: WireValue, WireDescribed {
    case sync
    case write(value: VaultWrite)
    case share(value: VaultShare)
    case dismissError

    public var json: JSONValue {
        switch self {
        case .sync: Wire.tagged("SYNC")
        case .write(let value): Wire.tagged("WRITE", ["value": value.json])
        case .share(let value): Wire.tagged("SHARE", ["value": value.json])
        case .dismissError: Wire.tagged("DISMISS_ERROR")
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "SYNC": nil, "WRITE": .closedObject(["value": VaultWrite.ref], required: ["value"]),
            "SHARE": .closedObject(["value": VaultShare.ref], required: ["value"]), "DISMISS_ERROR": nil,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "SYNC":
            try tagged.noFields()
            self = .sync
        case "WRITE": self = .write(value: try tagged.fields(["value"]).value("value"))
        case "SHARE": self = .share(value: try tagged.fields(["value"]).value("value"))
        case "DISMISS_ERROR":
            try tagged.noFields()
            self = .dismissError
        default: throw tagged.unknownType(["SYNC", "WRITE", "SHARE", "DISMISS_ERROR"])
        }
    }
}

/// A change of the vault (spec "VaultWrite"); the fields keep these names and this order.
/// Wire: `{type: 'ADD_TO_FOLDER', value: {folderId, recordId}}`.
public enum VaultWrite: WireValue, WireDescribed {
    case create(record: RecordContent)
    case update(id: String, record: RecordContent)
    case delete(id: String)
    case restore(id: String)
    case permanentlyDelete(id: String)
    case createFolder(folder: RecordContent)
    case updateFolder(id: String, folder: RecordContent)
    case setFolderOpen(id: String, open: Bool)
    case deleteFolder(id: String)
    case addToFolder(folderId: String, recordId: String)
    case removeFromFolder(folderId: String, recordId: String)
    /// The account's own settings of a record or a folder.
    case setSettings(id: String, settings: DocumentSettings)
    case resolveConflict(id: String, resolution: ConflictResolution)

    /// Whether the write changes folders, which needs a connection in a signed-in session.
    public var isFolderOperation: Bool {
        switch self {
        case .createFolder, .updateFolder, .setFolderOpen, .deleteFolder, .addToFolder, .removeFromFolder: true
        default: false
        }
    }

    public var json: JSONValue {
        switch self {
        case .create(let record): Wire.tagged("CREATE", ["record": record.json])
        case .update(let id, let record): Wire.tagged("UPDATE", ["id": .string(id), "record": record.json])
        case .delete(let id): Wire.tagged("DELETE", ["id": .string(id)])
        case .restore(let id): Wire.tagged("RESTORE", ["id": .string(id)])
        case .permanentlyDelete(let id): Wire.tagged("PERMANENTLY_DELETE", ["id": .string(id)])
        case .createFolder(let folder): Wire.tagged("CREATE_FOLDER", ["folder": folder.json])
        case .updateFolder(let id, let folder):
            Wire.tagged("UPDATE_FOLDER", ["id": .string(id), "folder": folder.json])
        case .setFolderOpen(let id, let open): Wire.tagged("SET_FOLDER_OPEN", ["id": .string(id), "open": .bool(open)])
        case .deleteFolder(let id): Wire.tagged("DELETE_FOLDER", ["id": .string(id)])
        case .addToFolder(let folderId, let recordId):
            Wire.tagged("ADD_TO_FOLDER", ["folderId": .string(folderId), "recordId": .string(recordId)])
        case .removeFromFolder(let folderId, let recordId):
            Wire.tagged("REMOVE_FROM_FOLDER", ["folderId": .string(folderId), "recordId": .string(recordId)])
        case .setSettings(let id, let settings):
            Wire.tagged("SET_SETTINGS", ["id": .string(id), "settings": settings.json])
        case .resolveConflict(let id, let resolution):
            Wire.tagged("RESOLVE_CONFLICT", ["id": .string(id), "resolution": resolution.json])
        }
    }

    public static var wireSchema: JSONSchema {
        let id = JSONSchema.closedObject(["id": .vaultID], required: ["id"])
        let membership = JSONSchema.closedObject(
            ["folderId": .vaultID, "recordId": .vaultID], required: ["folderId", "recordId"])
        let folder = RecordContent.ref.described("FolderContent: the fields of RecordContent.")
        return .tagged([
            "CREATE": .closedObject(["record": RecordContent.ref], required: ["record"]),
            "UPDATE": .closedObject(["id": .vaultID, "record": RecordContent.ref], required: ["id", "record"]),
            "DELETE": id, "RESTORE": id, "PERMANENTLY_DELETE": id,
            "CREATE_FOLDER": .closedObject(["folder": folder], required: ["folder"]),
            "UPDATE_FOLDER": .closedObject(["id": .vaultID, "folder": folder], required: ["id", "folder"]),
            "SET_FOLDER_OPEN": .closedObject(["id": .vaultID, "open": .boolean], required: ["id", "open"]),
            "DELETE_FOLDER": id, "ADD_TO_FOLDER": membership, "REMOVE_FROM_FOLDER": membership,
            "SET_SETTINGS": .closedObject(
                ["id": .vaultID, "settings": DocumentSettings.ref], required: ["id", "settings"]),
            "RESOLVE_CONFLICT": .closedObject(
                ["id": .vaultID, "resolution": ConflictResolution.ref], required: ["id", "resolution"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        func id(_ fields: WireObject, _ key: String = "id") throws(WireDecodingError) -> String {
            try fields.string(key, .vaultID)
        }
        switch tagged.type {
        case "CREATE": self = .create(record: try tagged.fields(["record"]).value("record"))
        case "UPDATE":
            let fields = try tagged.fields(["id", "record"])
            self = .update(id: try id(fields), record: try fields.value("record"))
        case "DELETE": self = .delete(id: try id(try tagged.fields(["id"])))
        case "RESTORE": self = .restore(id: try id(try tagged.fields(["id"])))
        case "PERMANENTLY_DELETE": self = .permanentlyDelete(id: try id(try tagged.fields(["id"])))
        case "CREATE_FOLDER": self = .createFolder(folder: try tagged.fields(["folder"]).value("folder"))
        case "UPDATE_FOLDER":
            let fields = try tagged.fields(["id", "folder"])
            self = .updateFolder(id: try id(fields), folder: try fields.value("folder"))
        case "SET_FOLDER_OPEN":
            let fields = try tagged.fields(["id", "open"])
            self = .setFolderOpen(id: try id(fields), open: try fields.bool("open"))
        case "DELETE_FOLDER": self = .deleteFolder(id: try id(try tagged.fields(["id"])))
        case "ADD_TO_FOLDER":
            let fields = try tagged.fields(["folderId", "recordId"])
            self = .addToFolder(folderId: try id(fields, "folderId"), recordId: try id(fields, "recordId"))
        case "REMOVE_FROM_FOLDER":
            let fields = try tagged.fields(["folderId", "recordId"])
            self = .removeFromFolder(folderId: try id(fields, "folderId"), recordId: try id(fields, "recordId"))
        case "SET_SETTINGS":
            let fields = try tagged.fields(["id", "settings"])
            self = .setSettings(id: try id(fields), settings: try fields.value("settings"))
        case "RESOLVE_CONFLICT":
            let fields = try tagged.fields(["id", "resolution"])
            self = .resolveConflict(id: try id(fields), resolution: try fields.value("resolution"))
        default:
            throw tagged.unknownType([
                "CREATE", "UPDATE", "DELETE", "RESTORE", "PERMANENTLY_DELETE", "CREATE_FOLDER", "UPDATE_FOLDER",
                "SET_FOLDER_OPEN", "DELETE_FOLDER", "ADD_TO_FOLDER", "REMOVE_FROM_FOLDER", "SET_SETTINGS",
                "RESOLVE_CONFLICT",
            ])
        }
    }
}

/// How a conflict is settled (spec "Conflicts"). Settles the SDK's own ConflictState, so a `{type}` object
/// like it. Wire: `{type: 'ACCEPT_REMOTE'}`.
public enum ConflictResolution: WirePlainEnum {
    /// Folio's version replaces the local change.
    case acceptRemote
    /// The local change is pushed over Folio's version.
    case keepLocal
    /// Folio's version stays under the record's id; the local change becomes a new record.
    case keepBoth

    public var wireType: String {
        switch self {
        case .acceptRemote: "ACCEPT_REMOTE"
        case .keepLocal: "KEEP_LOCAL"
        case .keepBoth: "KEEP_BOTH"
        }
    }
}

/// Sharing a record with another account (spec "Actions": Share). Wire: `{type: 'INVITE', value: {recordId,
/// email, permission: 'VIEW'}}`, `{type: 'ACCEPT', value: {inviteId}}`.
public enum VaultShare: WireValue, WireDescribed {
    /// Invites the account with `email` (of the same organization) to the record.
    case invite(recordId: String, email: String, permission: RecordPermission)
    /// Accepts an incoming invite: the record joins this vault with its permission.
    case accept(inviteId: String)
    /// Rejects an incoming invite.
    case reject(inviteId: String)
    /// Ends an outgoing invite or share; the recipient keeps what it already accepted, marked `revokedAt`.
    case revoke(inviteId: String)

    public var json: JSONValue {
        switch self {
        case .invite(let recordId, let email, let permission):
            Wire.tagged(
                "INVITE", ["recordId": .string(recordId), "email": .string(email), "permission": permission.json])
        case .accept(let inviteId): Wire.tagged("ACCEPT", ["inviteId": .string(inviteId)])
        case .reject(let inviteId): Wire.tagged("REJECT", ["inviteId": .string(inviteId)])
        case .revoke(let inviteId): Wire.tagged("REVOKE", ["inviteId": .string(inviteId)])
        }
    }

    public static var wireSchema: JSONSchema {
        let invite = JSONSchema.closedObject(["inviteId": .vaultID], required: ["inviteId"])
        return .tagged([
            "INVITE": .closedObject(
                [
                    "recordId": .vaultID,
                    "email": JSONSchema(["type": "string", "format": "email"]).described(
                        "An account of the same organization."),
                    "permission": RecordPermission.ref,
                ], required: ["recordId", "email", "permission"]),
            "ACCEPT": invite, "REJECT": invite, "REVOKE": invite,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "INVITE":
            let fields = try tagged.fields(["recordId", "email", "permission"])
            self = .invite(
                recordId: try fields.string("recordId", .vaultID), email: try fields.string("email", .email),
                permission: try fields.value("permission"))
        case "ACCEPT": self = .accept(inviteId: try tagged.fields(["inviteId"]).string("inviteId", .vaultID))
        case "REJECT": self = .reject(inviteId: try tagged.fields(["inviteId"]).string("inviteId", .vaultID))
        case "REVOKE": self = .revoke(inviteId: try tagged.fields(["inviteId"]).string("inviteId", .vaultID))
        default: throw tagged.unknownType(["INVITE", "ACCEPT", "REJECT", "REVOKE"])
        }
    }
}

extension VaultShare {
    /// A snapshot's Share (a waiting write, an effect under way) is read with its invite's permission in either
    /// spelling: snapshots taken before permission became a string hold `{type: 'VIEW'}`. The wire
    /// (`init(json:path:)`) takes only the string.
    public init(from decoder: any Decoder) throws {
        var json = try JSONValue(from: decoder)
        if case .object(var share) = json, share["type"] == "INVITE", case .object(var fields)? = share["value"],
            case .object(let permission)? = fields["permission"], let type = permission["type"]
        {
            fields["permission"] = type
            share["value"] = .object(fields)
            json = .object(share)
        }
        try self.init(json: json)
    }
}
