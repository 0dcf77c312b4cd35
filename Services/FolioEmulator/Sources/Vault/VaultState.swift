import FolioModel
import Foundation

/// Everything the vault routes change, guarded by one lock in ``VaultEmulator``.
struct VaultState: Sendable {
    var records: [String: VaultRecord] = [:]
    /// Records and folders per owner, in creation order (purged ones included).
    var owned: [String: [String]] = [:]
    /// Records and folders per owner that are not purged (the limit counts these).
    var liveCounts: [String: Int] = [:]
    /// Owner → client id → record id.
    var clientIds: [String: [String: String]] = [:]
    /// Record id → the folders that hold it.
    var containing: [String: Set<String>] = [:]
    /// Account → records it accepted a share of.
    var sharedWith: [String: Set<String>] = [:]
    var shares: [String: VaultShare] = [:]
    /// Account → shares sent to it, oldest first.
    var incoming: [String: [String]] = [:]
    /// Account → shares it sent, oldest first.
    var outgoing: [String: [String]] = [:]
    var attachments: [String: VaultAttachment] = [:]
    /// Account → declared bytes of its attachments.
    var attachmentBytes: [String: Int] = [:]
    var keys: [String: VaultKeys] = [:]
    var feeds: [String: VaultFeed] = [:]

    // MARK: Lookups

    /// The record as `account` may see it (owner, or a share it accepted): 404 when unknown to it, 410 when
    /// purged.
    func visible(_ id: String, _ account: String, notFound: VaultFailure? = nil) throws(VaultFailure) -> VaultRecord {
        guard let record = records[id], record.ownerAccountId == account || record.viewers[account] != nil else {
            throw notFound ?? .recordNotFound(id)
        }
        guard record.state != .purged else { throw .purged(id) }
        return record
    }

    /// A visible record that `account` owns; 403 for a shared one.
    func owned(_ id: String, _ account: String, _ what: String) throws(VaultFailure) -> VaultRecord {
        let record = try visible(id, account)
        guard record.ownerAccountId == account else {
            throw .permissionDenied("only the owner of \(id) may \(what); this account may only view it")
        }
        return record
    }

    /// REVISION_CONFLICT with the record as `account` sees it now.
    func conflict(_ record: VaultRecord, _ account: String, base: Int64) -> VaultFailure {
        VaultFailure(
            status: 409, code: "REVISION_CONFLICT",
            message: "\(record.id) is at revision \(record.revision), not \(base)",
            current: view(record, for: account))
    }

    // MARK: Views

    /// The record as `account` sees it: its permission, its wrapped key, its folders and settings only.
    func view(_ record: VaultRecord, for account: String) -> JSONValue {
        let isOwner = record.ownerAccountId == account
        let shareId = isOwner ? nil : record.viewers[account]
        let share = shareId.flatMap { shares[$0] }
        let wrappedKey = record.state == .purged ? nil : (isOwner ? record.wrappedKey : share?.wrappedKey)
        let complete = record.attachmentIds.compactMap { attachments[$0] }.filter(\.isComplete)
        let folders = (containing[record.id] ?? []).filter { records[$0]?.ownerAccountId == account }.sorted()
        let members: JSONValue = record.kind == .folder ? .array(record.members.map { .string($0) }) : .null
        return [
            "id": .string(record.id), "kind": ["type": .string(record.kind.rawValue)],
            "organizationId": .string(record.organizationId),
            "ownerAccountId": .string(Self.publicAccountId(record.ownerAccountId)),
            "permission": ["type": isOwner ? "OWNER" : "VIEW"], "shareId": shareId.map { .string($0) } ?? .null,
            "revokedAt": VaultRecord.time(share?.revokedAt), "revision": .int(record.revision),
            "state": ["type": .string(record.state.rawValue)], "schema": .string(record.schema),
            "version": .int(record.version), "ciphertext": record.ciphertext.map { .string($0) } ?? .null,
            "wrappedKey": wrappedKey.map { .string($0) } ?? .null,
            "clientId": isOwner ? record.clientId.map { .string($0) } ?? .null : .null,
            "attachments": .array(complete.map { ["id": .string($0.id), "size": .int(Int64($0.size))] }),
            "folders": .array(folders.map { .string($0) }), "records": members,
            "settings": record.settings[account]?.json ?? .null,
            "createdAt": .string(RFC3339.format(record.createdAt)),
            "updatedAt": .string(RFC3339.format(record.updatedAt)), "deletedAt": VaultRecord.time(record.deletedAt),
            "purgedAt": VaultRecord.time(record.purgedAt),
        ]
    }

    // MARK: Changes

    /// Records a change of the record in the feeds of `accounts` (default: the owner and its viewers).
    mutating func announce(record id: String, to accounts: [String]? = nil) {
        guard let record = records[id] else { return }
        for account in accounts ?? record.audience {
            feeds[account, default: VaultFeed()].append(.record(id))
        }
    }

    /// Records a change of the share in the feeds of its owner and its recipient.
    mutating func announce(share id: String) {
        guard let share = shares[id] else { return }
        for account in [share.ownerAccountId, share.recipientAccountId] {
            feeds[account, default: VaultFeed()].append(.share(id))
        }
    }

    /// Stores a new record and counts it for its owner.
    mutating func insert(_ record: VaultRecord) {
        records[record.id] = record
        owned[record.ownerAccountId, default: []].append(record.id)
        liveCounts[record.ownerAccountId, default: 0] += 1
        if let clientId = record.clientId {
            clientIds[record.ownerAccountId, default: [:]][clientId] = record.id
        }
    }
}
