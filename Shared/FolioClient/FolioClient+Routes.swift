import Crypto

extension FolioClient {
    /// `GET /healthz`.
    public func health() async throws(FolioClientError) -> FolioHealth {
        try await send("GET", "/healthz", as: FolioHealth.self)
    }

    /// `GET /.well-known/jwks.json`: the keys Folio signs tokens with.
    public func jwks() async throws(FolioClientError) -> JWKSet {
        try await send("GET", "/.well-known/jwks.json", as: JWKSet.self)
    }

    /// `GET /v1/organizations`: one page, sorted by id.
    public func organizations(cursor: String? = nil, limit: Int? = nil) async throws(FolioClientError)
        -> FolioPage<FolioOrganization>
    {
        let query = Self.query([("cursor", cursor), ("limit", limit.map(String.init))])
        return try await send("GET", "/v1/organizations" + query, as: FolioPage<FolioOrganization>.self)
    }

    /// `GET /v1/organizations/{organizationId}`.
    public func organization(id: String) async throws(FolioClientError) -> FolioOrganization {
        try await send(
            "GET", "/v1/organizations/\(Self.pathSegment(id))", as: FolioOrganization.self)
    }

    /// `GET /v1/organizations/{organizationId}/accounts`: one page, sorted by id.
    public func accounts(organizationId: String, cursor: String? = nil, limit: Int? = nil)
        async throws(FolioClientError) -> FolioPage<FolioAccount>
    {
        let query = Self.query([("cursor", cursor), ("limit", limit.map(String.init))])
        return try await send(
            "GET", "/v1/organizations/\(Self.pathSegment(organizationId))/accounts" + query,
            as: FolioPage<FolioAccount>.self)
    }

    /// `POST /v1/accounts`: signs up an account. Retrying with the same `idempotencyKey` returns the
    /// same account instead of creating another.
    public func createAccount(_ signup: FolioAccountSignup, idempotencyKey: String)
        async throws(FolioClientError) -> FolioAccount
    {
        try await send(
            "POST", "/v1/accounts", body: signup, idempotencyKey: idempotencyKey, as: FolioAccount.self)
    }

    /// `GET /v1/accounts/{accountId}`.
    public func account(id: String) async throws(FolioClientError) -> FolioAccount {
        try await send("GET", "/v1/accounts/\(Self.pathSegment(id))", as: FolioAccount.self)
    }
}
