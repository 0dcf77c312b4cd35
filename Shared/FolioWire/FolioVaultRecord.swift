import Foundation

/// What a vault record holds: a document or a folder.
public enum FolioVaultRecordKind: String, FolioWireEnum, CaseIterable {
    case record = "RECORD"
    case folder = "FOLDER"
}

/// Where a record is in its lifecycle: active, in the trash, or permanently deleted (a tombstone).
public enum FolioVaultRecordState: String, FolioWireEnum, CaseIterable {
    case active = "ACTIVE"
    case deleted = "DELETED"
    case purged = "PURGED"
}

/// What an account may do with a record: the owner changes it, a viewer reads it.
public enum FolioVaultPermission: String, FolioWireEnum, CaseIterable {
    case owner = "OWNER"
    case view = "VIEW"
}

/// One account's settings blob of a record (only that account ever reads it).
public struct FolioVaultSettings: Codable, Sendable, Equatable {
    /// 1 after the first write, +1 on every write; the base of the next write.
    public var revision: Int64
    public var ciphertext: FolioBytes
    public var updatedAt: Date

    /// Creates settings.
    public init(revision: Int64, ciphertext: FolioBytes, updatedAt: Date) {
        self.revision = revision
        self.ciphertext = ciphertext
        self.updatedAt = updatedAt
    }
}

/// A complete attachment of a record.
public struct FolioVaultAttachmentRef: Codable, Sendable, Equatable {
    public var id: String
    public var size: Int

    /// Creates a reference.
    public init(id: String, size: Int) {
        self.id = id
        self.size = size
    }
}

/// A vault record or folder as the calling account sees it.
public struct FolioVaultRecord: Codable, Sendable, Equatable {
    public var id: String
    public var kind: FolioVaultRecordKind
    public var organizationId: String
    public var ownerAccountId: String
    public var permission: FolioVaultPermission
    /// For a viewer: the share it accepted.
    public var shareId: String?
    /// For a viewer: when the owner revoked the share (the record stays).
    public var revokedAt: Date?
    /// +1 on every change of body or state; the base of the next push.
    public var revision: Int64
    public var state: FolioVaultRecordState
    public var schema: String
    public var version: UInt32
    /// The sealed body; nil once purged.
    public var ciphertext: FolioBytes?
    /// The key this account unwraps to open ``ciphertext``.
    public var wrappedKey: FolioBytes?
    /// The id the owner's SDK assigned; nil for viewers.
    public var clientId: String?
    public var attachments: [FolioVaultAttachmentRef]
    /// This account's folders that hold the record.
    public var folders: [String]
    /// A folder's members in the order they were added; nil for a record.
    public var records: [String]?
    /// This account's settings of the record.
    public var settings: FolioVaultSettings?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var purgedAt: Date?
}

/// The body of a create.
public struct FolioVaultRecordCreate: Codable, Sendable, Equatable {
    public var kind: FolioVaultRecordKind
    /// 1–128 characters of `A-Z a-z 0-9 . _ : / -`.
    public var schema: String
    public var version: UInt32
    /// 1 to 262,144 bytes.
    public var ciphertext: FolioBytes
    /// The owner's wrapped record key, up to 1,024 bytes.
    public var wrappedKey: FolioBytes?
    /// The id the SDK assigned; a second create with it answers RECORD_EXISTS with the first record.
    public var clientId: String?

    /// Creates a create body.
    public init(
        kind: FolioVaultRecordKind = .record, schema: String, version: UInt32, ciphertext: [UInt8],
        wrappedKey: [UInt8]? = nil, clientId: String? = nil
    ) {
        self.kind = kind
        self.schema = schema
        self.version = version
        self.ciphertext = FolioBytes(ciphertext)
        self.wrappedKey = wrappedKey.map(FolioBytes.init)
        self.clientId = clientId
    }
}

/// The body of an update: a new body pushed from `baseRevision`.
public struct FolioVaultRecordUpdate: Codable, Sendable, Equatable {
    public var baseRevision: Int64
    /// Must be the record's schema.
    public var schema: String
    public var version: UInt32
    public var ciphertext: FolioBytes
    /// nil keeps the stored wrapped key.
    public var wrappedKey: FolioBytes?

    /// Creates an update body.
    public init(
        baseRevision: Int64, schema: String, version: UInt32, ciphertext: [UInt8], wrappedKey: [UInt8]? = nil
    ) {
        self.baseRevision = baseRevision
        self.schema = schema
        self.version = version
        self.ciphertext = FolioBytes(ciphertext)
        self.wrappedKey = wrappedKey.map(FolioBytes.init)
    }
}
