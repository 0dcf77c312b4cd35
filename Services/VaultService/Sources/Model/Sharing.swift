import Bus
import FolioModel
import WireModel

/// Where an invite stands. A value Folio stores with the share, so a plain string on the wire, like a
/// record's state. Wire: `"PENDING"`, `"ACCEPTED"`, `"REJECTED"`, `"REVOKED"`.
public enum InviteStatus: String, WireStringEnum {
    case pending = "PENDING"
    case accepted = "ACCEPTED"
    case rejected = "REJECTED"
    case revoked = "REVOKED"
}

/// An invite to one record, incoming (another account shares with this one) or outgoing. `email` is the
/// other account's. Wire: `{id, recordId, schema, email, permission, status, createdAt, revokedAt?}`.
public struct ShareInvite: WireValue, WireDescribed {
    public var id: String
    public var recordId: String
    public var schema: String
    public var email: String
    public var permission: RecordPermission
    public var status: InviteStatus
    public var createdAt: Int64
    public var revokedAt: Int64?

    public init(
        id: String, recordId: String, schema: String, email: String, permission: RecordPermission,
        status: InviteStatus, createdAt: Int64, revokedAt: Int64? = nil
    ) {
        self.id = id
        self.recordId = recordId
        self.schema = schema
        self.email = email
        self.permission = permission
        self.status = status
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }

    public var json: JSONValue {
        Wire.object([
            "id": .string(id), "recordId": .string(recordId), "schema": .string(schema), "email": .string(email),
            "permission": permission.json, "status": status.json, "createdAt": .int(createdAt),
            "revokedAt": revokedAt.map(JSONValue.int),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": JSONSchema.string.described("The invite's id, which Accept, Reject and Revoke take."),
                "recordId": .string, "schema": .string,
                "email": JSONSchema.string.described("The other account's email."),
                "permission": RecordPermission.ref, "status": InviteStatus.ref, "createdAt": .seconds,
                "revokedAt": .seconds,
            ], required: ["id", "recordId", "schema", "email", "permission", "status", "createdAt"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path,
            fields: ["id", "recordId", "schema", "email", "permission", "status", "createdAt", "revokedAt"])
        self.init(
            id: try object.string("id", .modelText), recordId: try object.string("recordId", .modelText),
            schema: try object.string("schema", .modelText), email: try object.string("email", .modelText),
            permission: try object.value("permission"), status: try object.value("status"),
            createdAt: try object.int64("createdAt"), revokedAt: try object.optionalInt64("revokedAt"))
    }
}

/// The vault's sharing state. Wire: `{incoming, outgoing}`.
public struct SharingView: WireValue, WireDescribed {
    public var incoming: [ShareInvite]
    public var outgoing: [ShareInvite]

    public init(incoming: [ShareInvite] = [], outgoing: [ShareInvite] = []) {
        self.incoming = incoming
        self.outgoing = outgoing
    }

    public var json: JSONValue { ["incoming": Wire.array(incoming), "outgoing": Wire.array(outgoing)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "incoming": JSONSchema.array(ShareInvite.ref).described("Invites other accounts sent this one."),
                "outgoing": JSONSchema.array(ShareInvite.ref).described("Invites this account sent."),
            ], required: ["incoming", "outgoing"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["incoming", "outgoing"])
        self.init(
            incoming: try object.array("incoming", maxCount: .max),
            outgoing: try object.array("outgoing", maxCount: .max))
    }
}
