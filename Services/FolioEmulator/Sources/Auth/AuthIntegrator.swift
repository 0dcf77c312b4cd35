import Crypto

/// An integrator registered with Folio: its backend signs integrator attestations (EdDSA JWTs) with
/// the key whose public half is here (`authIntegrators` fixtures).
struct AuthIntegrator: Sendable {
    var id: String
    var organizationId: String
    var publicKey: Ed25519.PublicKey

    private struct Fixture: Decodable {
        var id: String
        var organizationId: String
        /// base64url of the 32-byte Ed25519 public key (JWK `x`).
        var publicKey: String
    }

    static func load(from fixtures: FixtureSet) throws(EmulatorError) -> [String: AuthIntegrator] {
        var integrators: [String: AuthIntegrator] = [:]
        for record in fixtures["authIntegrators"] {
            let fixture: Fixture
            do {
                fixture = try record.value.decode(Fixture.self)
            } catch {
                throw .invalidFixture(record.file, "authIntegrators \(record.id): \(error)")
            }
            guard let bytes = try? Base64URL.decode(fixture.publicKey),
                let key = try? Ed25519.PublicKey(bytes: bytes)
            else {
                throw .invalidFixture(
                    record.file, "authIntegrators \(record.id): publicKey is not a base64url Ed25519 public key")
            }
            integrators[fixture.id] = AuthIntegrator(
                id: fixture.id, organizationId: fixture.organizationId, publicKey: key)
        }
        return integrators
    }
}
