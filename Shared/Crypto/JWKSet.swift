/// A JWK Set document (`{"keys":[...]}`).
public struct JWKSet: Codable, Sendable, Hashable {
    /// The keys, in publication order.
    public var keys: [JWK]

    public init(keys: [JWK]) {
        self.keys = keys
    }

    /// The first key whose "kid" equals `kid`.
    public func key(withID kid: String) -> JWK? {
        keys.first { $0.kid == kid }
    }
}
