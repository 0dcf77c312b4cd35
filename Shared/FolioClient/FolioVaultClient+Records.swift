import FolioModel

extension FolioVaultClient {
    /// `POST /v1/vault/records`: creates a record or folder at revision 1.
    public func createRecord(_ record: FolioVaultRecordCreate, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioVaultRecord
    {
        try await call("POST", "/v1/vault/records", body: record, idempotencyKey: idempotencyKey)
    }

    /// `POST /v1/vault/records/batch`: creates up to 500 records or folders in one call (and one
    /// idempotency key); answers one result per create, in order: the record, or that create's own refusal.
    /// A malformed create throws INVALID_REQUEST for the whole call, and nothing is created. With `returning`
    /// `.minimal` each created record comes without its ciphertext and wrapped key.
    public func createRecords(
        _ records: [FolioVaultRecordCreate], idempotencyKey: String,
        returning: FolioVaultRecordBatch.Return = .representation
    ) async throws(FolioVaultError) -> [FolioVaultCreateResult] {
        let path = "/v1/vault/records/batch"
        let json: JSONValue
        do {
            json = try await client.callJSON(
                FolioCall(
                    "POST", path, body: FolioVaultRecordBatch(records: records).json,
                    headers: access.headers.merging(returning.preferHeader) { $1 },
                    idempotencyKey: idempotencyKey))
        } catch {
            throw FolioVaultError(error)
        }
        let answer: FolioVaultRecordBatchAnswer
        do {
            answer = try FolioVaultRecordBatchAnswer(json: json)
        } catch {
            throw FolioVaultError(.malformedResponse("POST \(path): \(error)"))
        }
        guard answer.results.count == records.count else {
            throw FolioVaultError(
                .malformedResponse("POST \(path): \(answer.results.count) results for \(records.count) creates"))
        }
        return answer.results
    }

    /// `GET /v1/vault/records/{recordId}`: the record as this account sees it.
    public func record(id: String) async throws(FolioVaultError) -> FolioVaultRecord {
        try await call("GET", Self.recordPath(id))
    }

    /// `GET /v1/vault/records`: one page of the records this account sees (purged ones left out), by id.
    public func records(cursor: String? = nil, limit: Int? = nil) async throws(FolioVaultError)
        -> FolioPage<FolioVaultRecord>
    {
        try await call(
            "GET", "/v1/vault/records" + FolioClient.query([("cursor", cursor), ("limit", limit.map(String.init))]))
    }

    /// `PUT /v1/vault/records/{recordId}`: pushes a new body from `update.baseRevision`; a record that
    /// moved on throws REVISION_CONFLICT with the current record.
    public func updateRecord(id: String, _ update: FolioVaultRecordUpdate, idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultRecord
    {
        try await call("PUT", Self.recordPath(id), body: update, idempotencyKey: idempotencyKey)
    }

    /// `POST .../delete`: ACTIVE → DELETED.
    public func deleteRecord(id: String, baseRevision: Int64, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioVaultRecord
    {
        try await move(id, "delete", baseRevision, idempotencyKey)
    }

    /// `POST .../restore`: DELETED → ACTIVE.
    public func restoreRecord(id: String, baseRevision: Int64, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioVaultRecord
    {
        try await move(id, "restore", baseRevision, idempotencyKey)
    }

    /// `POST .../purge`: DELETED → PURGED; the body, attachments and settings are erased.
    public func purgeRecord(id: String, baseRevision: Int64, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioVaultRecord
    {
        try await move(id, "purge", baseRevision, idempotencyKey)
    }

    /// `PUT .../settings`: this account's settings of the record, from its settings revision (0 at first).
    public func setSettings(recordId: String, baseRevision: Int64, ciphertext: [UInt8], idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultRecord
    {
        try await call(
            "PUT", Self.recordPath(recordId) + "/settings",
            body: SettingsBody(baseRevision: baseRevision, ciphertext: FolioBytes(ciphertext)),
            idempotencyKey: idempotencyKey)
    }

    /// `PUT /v1/vault/folders/{folderId}/members/{recordId}`: answers the folder.
    public func addToFolder(folderId: String, recordId: String, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioVaultRecord
    {
        try await call("PUT", Self.memberPath(folderId, recordId), idempotencyKey: idempotencyKey)
    }

    /// `DELETE /v1/vault/folders/{folderId}/members/{recordId}`: answers the folder.
    public func removeFromFolder(folderId: String, recordId: String, idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultRecord
    {
        try await call("DELETE", Self.memberPath(folderId, recordId), idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/vault/changes`: this account's changes after `cursor` (nil: from the start, every record).
    /// With `waitSeconds` (0...30) Folio holds the call until a change arrives or the time is up; keep the
    /// client's timeout above it.
    public func changes(cursor: String? = nil, limit: Int? = nil, waitSeconds: Int? = nil)
        async throws(FolioVaultError) -> FolioVaultChanges
    {
        let query = FolioClient.query([
            ("cursor", cursor), ("limit", limit.map(String.init)), ("waitSeconds", waitSeconds.map(String.init)),
        ])
        return try await call("GET", "/v1/vault/changes" + query)
    }

    /// `PUT /v1/vault/keys`: publishes this account's X25519 box key and Ed25519 signing key.
    public func publishKeys(boxPublicKey: [UInt8], signPublicKey: [UInt8], idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultKeys
    {
        try await call(
            "PUT", "/v1/vault/keys",
            body: KeysBody(boxPublicKey: FolioBytes(boxPublicKey), signPublicKey: FolioBytes(signPublicKey)),
            idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/vault/keys?accountId=`: the keys of an account of the same organization.
    public func keys(accountId: String) async throws(FolioVaultError) -> FolioVaultKeys {
        try await call("GET", "/v1/vault/keys" + FolioClient.query([("accountId", accountId)]))
    }

    /// `GET /v1/vault/keys?email=`: the keys of the organization's account with this email.
    public func keys(email: String) async throws(FolioVaultError) -> FolioVaultKeys {
        try await call("GET", "/v1/vault/keys" + FolioClient.query([("email", email)]))
    }

    static func recordPath(_ id: String) -> String {
        "/v1/vault/records/\(segment(id))"
    }

    private static func memberPath(_ folderId: String, _ recordId: String) -> String {
        "/v1/vault/folders/\(segment(folderId))/members/\(segment(recordId))"
    }

    private func move(_ id: String, _ action: String, _ baseRevision: Int64, _ idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultRecord
    {
        try await call(
            "POST", Self.recordPath(id) + "/" + action, body: BaseBody(baseRevision: baseRevision),
            idempotencyKey: idempotencyKey)
    }

    private struct BaseBody: Encodable {
        var baseRevision: Int64
    }

    private struct SettingsBody: Encodable {
        var baseRevision: Int64
        var ciphertext: FolioBytes
    }

    private struct KeysBody: Encodable {
        var boxPublicKey: FolioBytes
        var signPublicKey: FolioBytes
    }
}
