import Bus
import FolioModel
import WireModel

/// Published by the AuthService after every change of a runtime's session: the SessionUiModel's fields plus
/// Folio's session id, so the runtime's stores can follow it, and after a sign-in the identity it replaced,
/// so the vault can copy a transient vault.
public struct SessionChanged: BusEvent {
    public static let name = "session.changed"
    public static let summary =
        "A runtime's session changed: {identity, status, folioSessionId, previousIdentity?} (the SessionUiModel's fields)."
    public static let subjectBase = BusSubjects.eventKind("session")
    public static let keyName: String? = "runtimeId"
    public static let schema = JSONSchema.object(
        [
            "identity": .ref("TaggedValue"), "status": .ref("TaggedValue"), "folioSessionId": .nullable(.string),
            "previousIdentity": .ref("TaggedValue"),
        ],
        required: ["identity", "status"])

    public var runtimeID: String
    public var identity: SessionIdentity
    public var status: SessionStatus
    public var folioSessionID: String?
    /// The identity a sign-in replaced.
    public var previousIdentity: SessionIdentity?

    public init(
        runtimeID: String, identity: SessionIdentity, status: SessionStatus, folioSessionID: String?,
        previousIdentity: SessionIdentity? = nil
    ) {
        self.runtimeID = runtimeID
        self.identity = identity
        self.status = status
        self.folioSessionID = folioSessionID
        self.previousIdentity = previousIdentity
    }

    public var subject: String { Self.subject(key: runtimeID) }

    public var payload: [UInt8] {
        Wire.object([
            "identity": identity.json, "status": status.json,
            "folioSessionId": folioSessionID.map(JSONValue.string) ?? .null, "previousIdentity": previousIdentity?.json,
        ]).serialized()
    }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        let object = try Self.object(payload, fields: ["identity", "status", "folioSessionId", "previousIdentity"])
        runtimeID = Self.key(of: subject)
        identity = try object.value("identity")
        status = try object.value("status")
        folioSessionID = try object.optionalString("folioSessionId", .identifier)
        previousIdentity = try object.optionalValue("previousIdentity")
    }
}
