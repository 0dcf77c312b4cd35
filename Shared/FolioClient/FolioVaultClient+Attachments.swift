extension FolioVaultClient {
    /// `POST /v1/vault/records/{recordId}/attachments`: declares `size` and sends the first part (at most
    /// ``FolioVaultAttachment/partSize`` bytes).
    public func startAttachment(recordId: String, size: Int, firstPart: [UInt8], idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultAttachment
    {
        try await call(
            "POST", Self.recordPath(recordId) + "/attachments",
            body: StartBody(size: size, data: FolioBytes(firstPart)),
            idempotencyKey: idempotencyKey)
    }

    /// `POST /v1/vault/attachments/{attachmentId}/parts`: the part at `offset`, which must be where Folio's
    /// bytes end (else ATTACHMENT_OFFSET_MISMATCH with `receivedBytes`).
    public func appendAttachment(id: String, offset: Int, part: [UInt8], idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultAttachment
    {
        try await call(
            "POST", Self.attachmentPath(id) + "/parts", body: PartBody(offset: offset, data: FolioBytes(part)),
            idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/vault/attachments/{attachmentId}?offset=&length=`: a chunk of a complete attachment.
    public func attachmentChunk(id: String, offset: Int = 0, length: Int? = nil) async throws(FolioVaultError)
        -> FolioVaultAttachmentChunk
    {
        let query = FolioClient.query([("offset", String(offset)), ("length", length.map(String.init))])
        return try await call("GET", Self.attachmentPath(id) + query)
    }

    /// `DELETE /v1/vault/attachments/{attachmentId}`: answers the record without it.
    public func deleteAttachment(id: String, idempotencyKey: String) async throws(FolioVaultError) -> FolioVaultRecord {
        try await call("DELETE", Self.attachmentPath(id), idempotencyKey: idempotencyKey)
    }

    /// Uploads `bytes` in parts of ``FolioVaultAttachment/partSize``. The parts use the keys
    /// `idempotencyKey`, `idempotencyKey.1`, `idempotencyKey.2`, ... (keep the key under 250 characters), so
    /// calling again with the same key and bytes resumes an interrupted upload without storing anything twice.
    public func uploadAttachment(recordId: String, bytes: [UInt8], idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultAttachment
    {
        let partSize = FolioVaultAttachment.partSize
        var attachment = try await startAttachment(
            recordId: recordId, size: bytes.count, firstPart: Array(bytes.prefix(partSize)),
            idempotencyKey: idempotencyKey)
        var index = 1
        while index * partSize < bytes.count {
            let offset = index * partSize
            do {
                attachment = try await appendAttachment(
                    id: attachment.id, offset: offset, part: Array(bytes[offset..<min(bytes.count, offset + partSize)]),
                    idempotencyKey: "\(idempotencyKey).\(index)")
            } catch  where error.code == .attachmentOffsetMismatch {
                // Folio already holds this part (its answer was lost and the key expired): go on from there.
                guard let received = error.failure?.receivedBytes, received > offset,
                    received % partSize == 0
                        || received == bytes.count
                else { throw error }
                attachment.receivedBytes = received
                attachment.complete = received == bytes.count
                index = received / partSize
                if attachment.complete { break }
                continue
            }
            index += 1
        }
        return attachment
    }

    /// Reads a complete attachment chunk by chunk.
    public func downloadAttachment(id: String) async throws(FolioVaultError) -> [UInt8] {
        var bytes: [UInt8] = []
        var size = 1
        while bytes.count < size {
            let chunk = try await attachmentChunk(id: id, offset: bytes.count)
            guard chunk.offset == bytes.count, !chunk.data.bytes.isEmpty else {
                throw FolioVaultError(
                    failure: nil, underlying: .malformedResponse("attachment \(id): chunk at \(chunk.offset) is empty"))
            }
            size = chunk.size
            bytes.append(contentsOf: chunk.data.bytes)
        }
        return bytes
    }

    private static func attachmentPath(_ id: String) -> String {
        "/v1/vault/attachments/\(segment(id))"
    }

    private struct StartBody: Encodable {
        var size: Int
        var data: FolioBytes
    }

    private struct PartBody: Encodable {
        var offset: Int
        var data: FolioBytes
    }
}
