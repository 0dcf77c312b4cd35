extension FolioVaultClient {
    /// `POST /v1/vault/records/{recordId}/shares`: invites another account of the organization.
    public func invite(recordId: String, _ invite: FolioVaultInvite, idempotencyKey: String)
        async throws(FolioVaultError) -> FolioVaultShare
    {
        try await call("POST", Self.recordPath(recordId) + "/shares", body: invite, idempotencyKey: idempotencyKey)
    }

    /// `GET /v1/vault/shares/{shareId}`: a share this account sent or received.
    public func share(id: String) async throws(FolioVaultError) -> FolioVaultShare {
        try await call("GET", Self.sharePath(id))
    }

    /// `GET /v1/vault/shares/incoming`: one page of the shares sent to this account, by id.
    public func incomingShares(status: FolioVaultShareStatus? = nil, cursor: String? = nil, limit: Int? = nil)
        async throws(FolioVaultError) -> FolioPage<FolioVaultShare>
    {
        try await call("GET", "/v1/vault/shares/incoming" + Self.listQuery(status, cursor, limit))
    }

    /// `GET /v1/vault/shares/outgoing`: one page of the shares this account sent, by id.
    public func outgoingShares(status: FolioVaultShareStatus? = nil, cursor: String? = nil, limit: Int? = nil)
        async throws(FolioVaultError) -> FolioPage<FolioVaultShare>
    {
        try await call("GET", "/v1/vault/shares/outgoing" + Self.listQuery(status, cursor, limit))
    }

    /// `POST .../accept` (recipient): the record joins this account's vault with permission VIEW.
    public func acceptShare(id: String, idempotencyKey: String) async throws(FolioVaultError) -> FolioVaultShare {
        try await call("POST", Self.sharePath(id) + "/accept", idempotencyKey: idempotencyKey)
    }

    /// `POST .../reject` (recipient).
    public func rejectShare(id: String, idempotencyKey: String) async throws(FolioVaultError) -> FolioVaultShare {
        try await call("POST", Self.sharePath(id) + "/reject", idempotencyKey: idempotencyKey)
    }

    /// `POST .../revoke` (owner): an accepted record stays with the recipient, marked `revokedAt`.
    public func revokeShare(id: String, idempotencyKey: String) async throws(FolioVaultError) -> FolioVaultShare {
        try await call("POST", Self.sharePath(id) + "/revoke", idempotencyKey: idempotencyKey)
    }

    private static func sharePath(_ id: String) -> String {
        "/v1/vault/shares/\(segment(id))"
    }

    private static func listQuery(_ status: FolioVaultShareStatus?, _ cursor: String?, _ limit: Int?) -> String {
        FolioClient.query([("status", status?.rawValue), ("cursor", cursor), ("limit", limit.map(String.init))])
    }
}
