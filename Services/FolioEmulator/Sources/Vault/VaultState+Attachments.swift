import Crypto
import FolioModel

extension VaultState {
    /// Starts an attachment of an active record the caller owns, with its first part.
    mutating func startAttachment(recordId: String, size: Int, data: [UInt8], _ env: VaultEnvironment)
        throws(VaultFailure) -> JSONValue
    {
        var record = try owned(recordId, env.account, "attach to it")
        guard record.state == .active else { throw .notActive(recordId) }
        guard record.attachmentIds.count < VaultLimits.attachmentsPerRecord else {
            throw .limitExceeded("a record has at most \(VaultLimits.attachmentsPerRecord) attachments")
        }
        let used = attachmentBytes[env.account, default: 0]
        guard used + size <= VaultLimits.attachmentBytesPerAccount else {
            throw .limitExceeded("a vault holds at most \(VaultLimits.attachmentBytesPerAccount) attachment bytes")
        }
        let attachment = VaultAttachment(
            id: env.newID("att"), recordId: recordId, ownerAccountId: env.account, size: size, bytes: data,
            createdAt: env.now)
        attachments[attachment.id] = attachment
        attachmentBytes[env.account] = used + size
        record.attachmentIds.append(attachment.id)
        records[recordId] = record
        if attachment.isComplete { announce(record: recordId) }
        return attachment.json
    }

    /// Appends the next part; it must start where the stored bytes end.
    mutating func appendAttachment(_ id: String, offset: Int, data: [UInt8], _ env: VaultEnvironment)
        throws(VaultFailure) -> JSONValue
    {
        var attachment = try attachment(id, env)
        let record = try owned(attachment.recordId, env.account, "attach to it")
        guard record.state == .active else { throw .notActive(record.id) }
        guard offset == attachment.bytes.count, !attachment.isComplete else {
            throw VaultFailure(
                status: 409, code: "ATTACHMENT_OFFSET_MISMATCH",
                message:
                    "Folio holds \(attachment.bytes.count) of \(attachment.size) bytes; send the part at that offset",
                receivedBytes: attachment.bytes.count)
        }
        guard offset + data.count <= attachment.size else {
            throw .invalidRequest("the part ends at \(offset + data.count), past the declared size \(attachment.size)")
        }
        attachment.bytes.append(contentsOf: data)
        attachments[id] = attachment
        if attachment.isComplete { announce(record: record.id) }
        return attachment.json
    }

    /// `length` bytes of a complete attachment from `offset`.
    func attachmentChunk(_ id: String, offset: Int, length: Int, _ env: VaultEnvironment) throws(VaultFailure)
        -> JSONValue
    {
        let attachment = try attachment(id, env)
        guard attachment.isComplete else {
            throw VaultFailure(
                status: 409, code: "ATTACHMENT_INCOMPLETE",
                message: "\(id) has \(attachment.bytes.count) of \(attachment.size) bytes")
        }
        guard offset < attachment.size else {
            throw .invalidRequest("offset must be below the size \(attachment.size)")
        }
        let end = min(attachment.size, offset + length)
        return [
            "id": .string(id), "recordId": .string(attachment.recordId), "size": .int(Int64(attachment.size)),
            "offset": .int(Int64(offset)), "data": .string(Base64URL.encode(Array(attachment.bytes[offset..<end]))),
        ]
    }

    /// Removes an attachment of a record the caller owns; answers the record.
    mutating func deleteAttachment(_ id: String, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        let attachment = try attachment(id, env)
        var record = try owned(attachment.recordId, env.account, "remove its attachments")
        attachments[id] = nil
        attachmentBytes[env.account, default: 0] -= attachment.size
        record.attachmentIds.removeAll { $0 == id }
        records[record.id] = record
        if attachment.isComplete { announce(record: record.id) }
        return view(record, for: env.account)
    }

    /// An attachment of a record the caller sees.
    private func attachment(_ id: String, _ env: VaultEnvironment) throws(VaultFailure) -> VaultAttachment {
        let notFound = VaultFailure(status: 404, code: "ATTACHMENT_NOT_FOUND", message: "no attachment \(id)")
        guard let attachment = attachments[id] else { throw notFound }
        _ = try visible(attachment.recordId, env.account, notFound: notFound)
        return attachment
    }
}
