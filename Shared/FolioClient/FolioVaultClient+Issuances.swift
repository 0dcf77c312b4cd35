import FolioWire

extension FolioVaultClient {
    /// `GET /v1/issuances/{issuanceId}`: an issuance offered to this account or guest. Reading it again before its
    /// `interval` passed fails with ``FolioVaultErrorCode/slowDown`` (429, retryable, `retryAfterSeconds` set).
    public func issuance(id: String) async throws(FolioVaultError) -> FolioIssuance {
        try await call("GET", "/v1/issuances/\(Self.segment(id))")
    }

    /// `GET /v1/vault/issued-invites`: one page of the pending invites addressed to this account or guest that
    /// carry an issued document (`issuanceId` set), by id. Ordinary shares are never listed here.
    public func pendingIssuedInvites(cursor: String? = nil, limit: Int? = nil) async throws(FolioVaultError)
        -> FolioPage<FolioVaultShare>
    {
        try await call(
            "GET",
            "/v1/vault/issued-invites" + FolioClient.query([("cursor", cursor), ("limit", limit.map(String.init))]))
    }

    /// `POST /v1/issuances/{issuanceId}/delivery`: tells the issuer the document arrived (after the invite was
    /// accepted). Idempotent: confirming again records no second receipt.
    public func confirmDelivery(issuanceId: String, idempotencyKey: String) async throws(FolioVaultError)
        -> FolioIssuance
    {
        try await call("POST", "/v1/issuances/\(Self.segment(issuanceId))/delivery", idempotencyKey: idempotencyKey)
    }
}
