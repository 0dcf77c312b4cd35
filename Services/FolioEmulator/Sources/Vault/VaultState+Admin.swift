import FolioModel
import Foundation

extension VaultState {
    /// A second writer's change (admin): any of ciphertext, schema, version and state, without rule checks.
    struct AdminWrite: Sendable {
        var ciphertext: (text: String, bytes: [UInt8])?
        var schema: String?
        var version: Int64?
        var state: VaultRecord.State?
    }

    /// Everything Folio keeps about a record, once (admin).
    func stored(_ id: String) throws(VaultFailure) -> JSONValue {
        guard let record = records[id] else { throw .recordNotFound(id) }
        var members: JSONObject = [
            "id": .string(record.id), "kind": ["type": .string(record.kind.rawValue)],
            "organizationId": .string(record.organizationId), "ownerAccountId": .string(record.ownerAccountId),
            "revision": .int(record.revision), "state": ["type": .string(record.state.rawValue)],
            "schema": .string(record.schema), "version": .int(record.version),
            "members": .array(record.members.map { .string($0) }),
            "settings": .object(record.settings.mapValues(\.json)),
            "shareIds": .array(record.shareIds.map { .string($0) }),
            "viewers": .object(record.viewers.mapValues { .string($0) }),
            "attachments": .array(
                record.attachmentIds.compactMap { attachments[$0] }.map { attachment in
                    [
                        "id": .string(attachment.id), "size": .int(Int64(attachment.size)),
                        "receivedBytes": .int(Int64(attachment.bytes.count)), "complete": .bool(attachment.isComplete),
                    ]
                }),
            "createdAt": .string(RFC3339.format(record.createdAt)),
            "updatedAt": .string(RFC3339.format(record.updatedAt)),
        ]
        if let ciphertext = record.ciphertext { members["ciphertext"] = .string(ciphertext) }
        if let wrappedKey = record.wrappedKey { members["wrappedKey"] = .string(wrappedKey) }
        if let clientId = record.clientId { members["clientId"] = .string(clientId) }
        if let deletedAt = record.deletedAt { members["deletedAt"] = .string(RFC3339.format(deletedAt)) }
        if let purgedAt = record.purgedAt { members["purgedAt"] = .string(RFC3339.format(purgedAt)) }
        return .object(members)
    }

    /// Changes a stored record as another device of its owner would, raises its revision and announces it.
    mutating func write(_ id: String, _ change: AdminWrite, now: Date) throws(VaultFailure) -> JSONValue {
        guard var record = records[id] else { throw .recordNotFound(id) }
        guard record.state != .purged else { throw .purged(id) }
        if let ciphertext = change.ciphertext {
            record.ciphertext = ciphertext.text
            record.ciphertextBytes = ciphertext.bytes.count
        }
        if let schema = change.schema { record.schema = schema }
        if let version = change.version { record.version = version }
        if let state = change.state, state != record.state {
            guard state != .purged else { throw .invalidRequest("purge through the API, not the second writer") }
            record.state = state
            record.deletedAt = state == .deleted ? now : nil
        }
        record.revision += 1
        record.updatedAt = now
        records[id] = record
        announce(record: id)
        return try stored(id)
    }

    /// The counts of what Folio keeps for an account (admin).
    func accountStats(_ accountId: String) -> JSONValue {
        // One pass without intermediate arrays: the benchmarks poll this while thousands of records arrive.
        var (records, folders, purged, ciphertextBytes, attachmentCount, attachmentBytes) = (0, 0, 0, 0, 0, 0)
        for id in owned[accountId] ?? [] {
            guard let record = self.records[id] else { continue }
            guard record.state != .purged else {
                purged += 1
                continue
            }
            if record.kind == .record { records += 1 } else if record.kind == .folder { folders += 1 }
            ciphertextBytes += record.ciphertextBytes
            for attachmentId in record.attachmentIds {
                guard let attachment = attachments[attachmentId] else { continue }
                attachmentCount += 1
                attachmentBytes += attachment.bytes.count
            }
        }
        return [
            "accountId": .string(accountId),
            "records": .int(Int64(records)),
            "folders": .int(Int64(folders)),
            "purged": .int(Int64(purged)),
            "ciphertextBytes": .int(Int64(ciphertextBytes)),
            "attachments": .int(Int64(attachmentCount)),
            "attachmentBytes": .int(Int64(attachmentBytes)),
            "sharesSent": .int(Int64(outgoing[accountId]?.count ?? 0)),
            "sharesReceived": .int(Int64(incoming[accountId]?.count ?? 0)),
            "feedSequence": .int(Int64(feedSequence(accountId))), "hasKeys": .bool(keys[accountId] != nil),
        ]
    }

    /// Stores records of an account in one step (admin ingest); all or none.
    mutating func ingest(_ inputs: [VaultRecordInput], _ env: VaultEnvironment) throws(VaultFailure) -> [String] {
        let room = VaultLimits.recordsPerAccount - liveCounts[env.account, default: 0]
        guard inputs.count <= room else {
            throw .limitExceeded("the vault has room for \(room) more records")
        }
        var seen: Set<String> = []
        for clientId in inputs.compactMap(\.clientId) {
            guard seen.insert(clientId).inserted, clientIds[env.account]?[clientId] == nil else {
                throw VaultFailure(status: 409, code: "RECORD_EXISTS", message: "clientId \(clientId) is used twice")
            }
        }
        var ids: [String] = []
        ids.reserveCapacity(inputs.count)
        for input in inputs {
            let record = try add(input, env)
            announce(record: record.id, to: [env.account])
            ids.append(record.id)
        }
        return ids
    }
}
