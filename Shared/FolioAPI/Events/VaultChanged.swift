import Bus
import FolioModel
import WireModel

/// Published after every committed change of an account's vault (a write, a sync): every VaultStore on the
/// account reads its view again. A write that changed only some entries names them, and the stores read only
/// those; an empty payload means anything may have changed.
public struct VaultChanged: BusEvent {
    public static let name = "vault.changed"
    public static let summary =
        "An account's vault changed: {entries?, pushedBy?, by?}; an empty payload: anything may have changed."
    public static let subjectBase = BusSubjects.eventKind("vault")
    public static let keyName: String? = "accountId"
    public static let schema = JSONSchema.object(
        [
            "entries": .array(.string), "pushedBy": JSONSchema.string.described("The runtime whose stores push it."),
            "by": JSONSchema.string.described("The store whose write it was (it read the change already)."),
        ],
        required: [])

    public var accountID: String
    /// The local ids of the entries the change touched, or nil when it does not name them.
    public var entries: [String]?
    /// A change a service made for a runtime outside its stores' actions (an attachment added): the VaultStores
    /// of that runtime push it, as they push after their own writes.
    public var pushedBy: String?
    /// The store (raw id) whose write it was; that store has read the change already and skips it.
    public var by: String?

    public init(accountID: String, entries: [String]? = nil, pushedBy: String? = nil, by: String? = nil) {
        self.accountID = accountID
        self.entries = entries
        self.pushedBy = pushedBy
        self.by = by
    }

    public var subject: String { Self.subject(key: accountID) }

    public var payload: [UInt8] {
        let members = Wire.object([
            "entries": entries.map { .array($0.map(JSONValue.string)) }, "pushedBy": pushedBy.map(JSONValue.string),
            "by": by.map(JSONValue.string),
        ])
        return members.objectValue?.isEmpty == false ? members.serialized() : []
    }

    /// An entry list that is empty or not all strings names nothing: the whole vault is read again.
    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        accountID = Self.key(of: subject)
        guard !payload.isEmpty else { return }
        let object = try Self.object(payload, fields: ["entries", "pushedBy", "by"])
        pushedBy = try object.optionalString("pushedBy", .identifier)
        by = try object.optionalString("by", .identifier)
        if let ids = object.optional("entries")?.arrayValue {
            let named = ids.compactMap(\.stringValue)
            entries = named.count == ids.count && !named.isEmpty ? named : nil
        }
    }
}
