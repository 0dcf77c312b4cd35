import WireModel

/// Whether the vault belongs to a guest (transient) session or a signed-in account.
public enum VaultSessionKind: String, Sendable, Codable, Equatable {
    case transient
    case authenticated
}

/// Whether Folio can be reached, as the service's network monitor last saw it; `unknown` when it cannot be
/// read.
public enum NetworkStatus: String, Sendable, Codable, Equatable {
    case online
    case offline
    case unknown
}

/// The facts of a stored record or folder that the rules read.
public struct StoredEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case record = "RECORD", folder = "FOLDER"

        /// What a new entry's local id starts with: `D_` for a record, `F_` for a folder.
        var idPrefix: String { self == .folder ? "F_" : "D_" }
    }
    public enum State: String, Sendable { case active = "ACTIVE", deleted = "DELETED", purged = "PURGED" }

    public var id: String
    public var folioID: String?
    public var kind: Kind
    public var schema: String
    public var state: State
    public var permission: RecordPermission
    public var conflict: ConflictState
    /// A settings change of the entry has not reached Folio yet.
    public var settingsPending: Bool

    public init(
        id: String, folioID: String? = nil, kind: Kind, schema: String, state: State = .active,
        permission: RecordPermission = .owner, conflict: ConflictState = .none, settingsPending: Bool = false
    ) {
        self.id = id
        self.folioID = folioID
        self.kind = kind
        self.schema = schema
        self.state = state
        self.permission = permission
        self.conflict = conflict
        self.settingsPending = settingsPending
    }
}

/// The rules the vault enforces on writes (spec "VaultWrite", "Conflicts", "Sync"), each in one place.
public enum VaultWriteRules {
    /// Rules that need only the session and the network, checked before the write runs:
    /// - folder changes in a signed-in session need Folio: OfflineFolderOpNotSupported while offline,
    ///   UpstreamUnavailable when the network status cannot be read; in a transient session they work offline;
    /// - ResolveConflict needs a signed-in session (TransientNotSupported).
    public static func checkSession(_ write: VaultWrite, session: VaultSessionKind, network: NetworkStatus)
        throws(VaultError)
    {
        if case .resolveConflict = write, session == .transient { throw .transientNotSupported }
        guard write.isFolderOperation, session == .authenticated else { return }
        switch network {
        case .online: return
        case .offline: throw .offlineFolderOpNotSupported
        case .unknown: throw .upstreamUnavailable(message: "the network status cannot be read")
        }
    }

    /// Sync and every Share action need a signed-in session.
    public static func checkSignedIn(_ session: VaultSessionKind) throws(VaultError) {
        guard session == .authenticated else { throw .transientNotSupported }
    }

    /// Rules on the stored entry a write names (`target`), and for AddToFolder on the member too; checked in
    /// the write's transaction, on locked rows.
    public static func check(
        _ write: VaultWrite, target: StoredEntry?, member: StoredEntry? = nil, session: VaultSessionKind
    ) throws(VaultError) {
        switch write {
        case .create(let content), .createFolder(let content):
            try VaultSchema.check(content)
        case .update(let id, let content):
            let entry = try existing(target, id, kind: .record)
            try ownerChanges(entry)
            guard entry.state == .active else {
                throw .permissionDenied(message: "\(id) is not active; restore it before changing it")
            }
            try keepsSchema(entry, content)
            try noPendingSettings(entry, session: session)
            try VaultSchema.check(content)
        case .delete(let id):
            try lifecycle(target, id, from: .active, "Delete", session: session)
        case .restore(let id):
            try lifecycle(target, id, from: .deleted, "Restore", session: session)
        case .permanentlyDelete(let id):
            try lifecycle(target, id, from: .deleted, "PermanentlyDelete", session: session)
        case .updateFolder(let id, let content):
            let folder = try existing(target, id, kind: .folder)
            try ownerChanges(folder)
            try keepsSchema(folder, content)
            try VaultSchema.check(content)
        case .setFolderOpen(let id, _):
            _ = try existing(target, id, kind: .folder)
        case .deleteFolder(let id):
            let folder = try existing(target, id, kind: .folder)
            try ownerChanges(folder)
            guard folder.state == .active else { throw .invalidRequest(message: "folder \(id) is already deleted") }
        case .addToFolder(let folderId, let recordId):
            let folder = try existing(target, folderId, kind: .folder)
            guard let member, member.state != .purged else {
                throw member == nil
                    ? .notFound(message: "no record \(recordId)")
                    : .invalidRequest(message: "\(recordId) was permanently deleted")
            }
            guard folder.state == .active else { throw .invalidRequest(message: "folder \(folderId) is deleted") }
            if session == .authenticated, folder.folioID == nil || member.folioID == nil {
                throw .invalidRequest(message: "the folder and the record must reach Folio first: sync, then retry")
            }
        case .removeFromFolder(let folderId, _):
            _ = try existing(target, folderId, kind: .folder)
        case .setSettings(let id, _):
            guard let target, target.state != .purged else { throw .notFound(message: "no record or folder \(id)") }
        case .resolveConflict(let id, _):
            guard let target, target.state != .purged else { throw .notFound(message: "no record \(id)") }
            guard target.conflict != .none else { throw .invalidRequest(message: "\(id) has no conflict") }
        }
    }

    /// Folder membership may not make a folder contain itself: `ancestors` are the folders that contain the
    /// target folder, transitively.
    public static func checkNoCycle(folderId: String, memberId: String, ancestors: Set<String>) throws(VaultError) {
        guard memberId != folderId, !ancestors.contains(memberId) else {
            throw .invalidRequest(message: "adding \(memberId) to \(folderId) would make a folder cycle")
        }
    }

    private static func existing(_ entry: StoredEntry?, _ id: String, kind: StoredEntry.Kind) throws(VaultError)
        -> StoredEntry
    {
        guard let entry, entry.kind == kind, entry.state != .purged else {
            throw .notFound(message: "no \(kind == .record ? "record" : "folder") \(id)")
        }
        return entry
    }

    /// Only the owner changes a record: View records refuse with PermissionDenied.
    private static func ownerChanges(_ entry: StoredEntry) throws(VaultError) {
        guard entry.permission == .owner else {
            throw .permissionDenied(message: "\(entry.id) is shared with this account to view only")
        }
    }

    private static func keepsSchema(_ entry: StoredEntry, _ content: RecordContent) throws(VaultError) {
        guard content.schema == entry.schema else {
            throw .schemaMismatch(message: "\(entry.id) has schema \(entry.schema), not \(content.schema)")
        }
    }

    /// A pending settings change blocks a body change of a signed-in vault: RevisionConflict until it reached
    /// Folio. A transient vault pushes nothing, so its settings never reach Folio before the sign-in copies them:
    /// they block nothing there.
    private static func noPendingSettings(_ entry: StoredEntry, session: VaultSessionKind) throws(VaultError) {
        guard session == .transient || !entry.settingsPending else {
            throw .revisionConflict(
                message: "a settings change of \(entry.id) has not reached Folio yet: sync, then retry")
        }
    }

    /// Lifecycle moves one step at a time: Delete from active, Restore and PermanentlyDelete from deleted.
    private static func lifecycle(
        _ entry: StoredEntry?, _ id: String, from: StoredEntry.State, _ name: String, session: VaultSessionKind
    ) throws(VaultError) {
        let entry = try existing(entry, id, kind: .record)
        try ownerChanges(entry)
        try noPendingSettings(entry, session: session)
        guard entry.state == from else {
            throw .invalidRequest(
                message:
                    "\(name) needs a \(from == .active ? "active" : "deleted") record; \(id) is \(entry.state.rawValue.lowercased())"
            )
        }
    }
}
