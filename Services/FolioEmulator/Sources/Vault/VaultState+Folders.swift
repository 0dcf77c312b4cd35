import FolioModel

extension VaultState {
    /// Adds a record or folder the caller sees to one of its folders; refuses members Folio does not know
    /// for this account and cycles.
    mutating func addMember(folderId: String, recordId: String, _ env: VaultEnvironment) throws(VaultFailure)
        -> JSONValue
    {
        var folder = try folderToChange(folderId, env)
        guard folder.state == .active else { throw .notActive(folderId) }
        let member = try visible(recordId, env.account)
        if folder.members.contains(recordId) { return view(folder, for: env.account) }
        if recordId == folderId || (member.kind == .folder && holds(recordId, folderId)) {
            throw VaultFailure(
                status: 422, code: "FOLDER_CYCLE", message: "adding \(recordId) to \(folderId) would make a cycle")
        }
        guard folder.members.count < VaultLimits.membersPerFolder else {
            throw .limitExceeded("a folder holds at most \(VaultLimits.membersPerFolder) members")
        }
        folder.members.append(recordId)
        records[folderId] = folder
        containing[recordId, default: []].insert(folderId)
        announce(record: folderId, to: [env.account])
        announce(record: recordId, to: [env.account])
        return view(folder, for: env.account)
    }

    /// Takes a record or folder out of one of the caller's folders; one that is not in it answers the
    /// folder unchanged.
    mutating func removeMember(folderId: String, recordId: String, _ env: VaultEnvironment) throws(VaultFailure)
        -> JSONValue
    {
        var folder = try folderToChange(folderId, env)
        _ = try visible(recordId, env.account)
        guard folder.members.contains(recordId) else { return view(folder, for: env.account) }
        folder.members.removeAll { $0 == recordId }
        records[folderId] = folder
        containing[recordId]?.remove(folderId)
        announce(record: folderId, to: [env.account])
        announce(record: recordId, to: [env.account])
        return view(folder, for: env.account)
    }

    /// A folder the caller owns: 404 FOLDER_NOT_FOUND, 410 purged, 422 NOT_A_FOLDER.
    private func folderToChange(_ id: String, _ env: VaultEnvironment) throws(VaultFailure) -> VaultRecord {
        let folder = try visible(
            id, env.account,
            notFound: VaultFailure(status: 404, code: "FOLDER_NOT_FOUND", message: "no folder \(id) in this vault"))
        guard folder.kind == .folder else {
            throw VaultFailure(status: 422, code: "NOT_A_FOLDER", message: "\(id) is a record, not a folder")
        }
        guard folder.ownerAccountId == env.account else {
            throw .permissionDenied("only the owner of \(id) changes its members")
        }
        return folder
    }

    /// True when folder `outer` holds `target` at any depth.
    private func holds(_ outer: String, _ target: String) -> Bool {
        var pending = [outer]
        var seen: Set<String> = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let folder = records[next] else { continue }
            for member in folder.members {
                if member == target { return true }
                if records[member]?.kind == .folder { pending.append(member) }
            }
        }
        return false
    }

    /// Writes the caller's own settings of a record it sees, from its settings revision.
    mutating func setSettings(
        recordId: String, baseRevision: Int64, ciphertext: (text: String, bytes: [UInt8]), _ env: VaultEnvironment
    ) throws(VaultFailure) -> JSONValue {
        var record = try visible(recordId, env.account)
        let current = record.settings[env.account]?.revision ?? 0
        guard baseRevision == current else {
            throw VaultFailure(
                status: 409, code: "REVISION_CONFLICT",
                message: "the settings of \(recordId) are at revision \(current), not \(baseRevision)",
                current: view(record, for: env.account))
        }
        record.settings[env.account] = VaultSettings(
            revision: current + 1, ciphertext: ciphertext.text, ciphertextBytes: ciphertext.bytes.count,
            updatedAt: env.now)
        records[recordId] = record
        announce(record: recordId, to: [env.account])
        return view(record, for: env.account)
    }
}
