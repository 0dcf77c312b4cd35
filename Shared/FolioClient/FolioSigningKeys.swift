import Crypto

/// Folio's published signing keys (`/.well-known/jwks.json`), cached: a key id the cache does not know fetches
/// the set again, so a rotation at Folio needs no restart.
public actor FolioSigningKeys {
    private let fetch: @Sendable () async throws -> JWKSet
    private var cached: JWKSet?

    public init(fetch: @escaping @Sendable () async throws -> JWKSet) {
        self.fetch = fetch
    }

    public init(folio: FolioClient) {
        self.fetch = { try await folio.jwks() }
    }

    /// The key set, fetched again when the cached one has no key `kid`; throws what the fetch throws.
    public func keys(holding kid: String) async throws -> JWKSet {
        if let cached, cached.key(withID: kid) != nil { return cached }
        let fetched = try await fetch()
        cached = fetched
        return fetched
    }
}
