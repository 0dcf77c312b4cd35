import FolioModel
import Foundation

extension VaultState {
    /// Creates a record or folder owned by the caller, at revision 1.
    mutating func create(_ input: VaultRecordInput, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        let account = env.account
        if let clientId = input.clientId, let existing = clientIds[account]?[clientId], let record = records[existing] {
            throw VaultFailure(
                status: 409, code: "RECORD_EXISTS", message: "clientId \(clientId) is already record \(existing)",
                current: view(record, for: account))
        }
        let record = try add(input, env)
        announce(record: record.id, to: [account])
        return view(record, for: account)
    }

    /// Stores a new record of the caller (limits checked), without announcing it.
    mutating func add(_ input: VaultRecordInput, _ env: VaultEnvironment) throws(VaultFailure) -> VaultRecord {
        guard liveCounts[env.account, default: 0] < VaultLimits.recordsPerAccount else {
            throw .limitExceeded("a vault holds at most \(VaultLimits.recordsPerAccount) records and folders")
        }
        let record = VaultRecord(
            id: env.newID(input.kind == .folder ? "fld" : "rec"), kind: input.kind,
            organizationId: env.caller.organizationId, ownerAccountId: env.account, schema: input.schema,
            version: input.version, ciphertext: input.ciphertext, ciphertextBytes: input.ciphertextBytes,
            wrappedKey: input.wrappedKey, clientId: input.clientId, createdAt: env.now, updatedAt: env.now)
        insert(record)
        return record
    }

    /// The record as the caller sees it.
    func read(_ id: String, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        view(try visible(id, env.account), for: env.account)
    }

    /// The records the caller sees (owned and shared with it), purged ones left out, sorted by id.
    func visibleRecords(_ account: String) -> [VaultRecord] {
        let ids = (owned[account] ?? []) + (sharedWith[account] ?? [])
        return ids.compactMap { records[$0] }.filter { $0.state != .purged }.sorted { $0.id < $1.id }
    }

    /// Replaces the body of an active record the caller owns, from the revision it names.
    mutating func update(_ id: String, _ input: VaultRecordUpdate, _ env: VaultEnvironment) throws(VaultFailure)
        -> JSONValue
    {
        var record = try owned(id, env.account, "update it")
        guard input.baseRevision == record.revision else {
            throw conflict(record, env.account, base: input.baseRevision)
        }
        guard record.state == .active else { throw .notActive(id) }
        guard input.schema == record.schema else {
            throw VaultFailure(
                status: 422, code: "SCHEMA_MISMATCH",
                message: "\(id) has schema \(record.schema); a record keeps its schema")
        }
        record.version = input.version
        record.ciphertext = input.ciphertext
        record.ciphertextBytes = input.ciphertextBytes
        if let wrappedKey = input.wrappedKey { record.wrappedKey = wrappedKey }
        record.revision += 1
        record.updatedAt = env.now
        records[id] = record
        announce(record: id)
        return view(record, for: env.account)
    }

    /// Delete, restore or purge: one lifecycle step from the revision the caller names.
    mutating func move(_ id: String, _ transition: VaultTransition, baseRevision: Int64, _ env: VaultEnvironment)
        throws(VaultFailure) -> JSONValue
    {
        var record = try owned(id, env.account, "\(transition.rawValue) it")
        guard baseRevision == record.revision else { throw conflict(record, env.account, base: baseRevision) }
        guard record.state == transition.from else {
            throw VaultFailure(
                status: 409, code: "INVALID_TRANSITION",
                message: "\(transition.rawValue) needs a \(transition.from.rawValue) record; \(id) is "
                    + record.state.rawValue,
                current: view(record, for: env.account))
        }
        record.state = transition.to
        record.revision += 1
        record.updatedAt = env.now
        switch transition {
        case .delete: record.deletedAt = env.now
        case .restore: record.deletedAt = nil
        case .purge: record.purgedAt = env.now
        }
        records[id] = record
        if transition == .purge { erase(id) }
        announce(record: id)
        return view(records[id] ?? record, for: env.account)
    }

    /// What a purge leaves: a tombstone. Body, keys, settings, attachments and memberships go.
    private mutating func erase(_ id: String) {
        guard var record = records[id] else { return }
        record.ciphertext = nil
        record.ciphertextBytes = 0
        record.wrappedKey = nil
        record.settings = [:]
        for attachmentId in record.attachmentIds {
            if let attachment = attachments.removeValue(forKey: attachmentId) {
                attachmentBytes[attachment.ownerAccountId, default: 0] -= attachment.size
            }
        }
        record.attachmentIds = []
        let members = record.members
        record.members = []
        records[id] = record
        liveCounts[record.ownerAccountId, default: 0] -= 1
        for member in members {
            containing[member]?.remove(id)
            announce(record: member, to: [record.ownerAccountId])
        }
        for folderId in (containing.removeValue(forKey: id) ?? []).sorted() {
            guard var folder = records[folderId] else { continue }
            folder.members.removeAll { $0 == id }
            records[folderId] = folder
            announce(record: folderId, to: [folder.ownerAccountId])
        }
    }
}
