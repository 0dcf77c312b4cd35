import Crypto
import FolioModel
import FolioWire

/// An organization that issues documents, from the `issuers` fixtures. In the vault it owns the records of
/// the documents it issued and signs their invites with its Ed25519 key.
struct Issuer: Sendable {
    var id: String
    var name: String
    /// The name's translations by language code.
    var names: [String: String]
    /// The owner email its invites show.
    var email: String
    /// The organization the issuer belongs to.
    var organizationId: String
    /// Derived from the id (`BLAKE2b-256(id, key "folio-emulator-issuer")`), so answers repeat; an emulator's
    /// issuer keys are not secret.
    var signingKey: Ed25519.PrivateKey

    var wire: FolioIssuer {
        FolioIssuer(id: id, name: name, signPublicKey: FolioBytes(signingKey.publicKey.bytes))
    }

    var named: FolioDigitalDocument.Named {
        FolioDigitalDocument.Named(id: id, name: name, names: names)
    }

    private struct Fixture: Decodable {
        var id: String
        var name: String
        var names: [String: String]?
        var email: String
        var organizationId: String
    }

    private static let keyContext = Array("folio-emulator-issuer".utf8)

    /// Reads the `issuers` fixtures.
    static func load(from fixtures: FixtureSet) throws(EmulatorError) -> [String: Issuer] {
        var issuers: [String: Issuer] = [:]
        for fixture in try fixtures.decode("issuers", as: Fixture.self) {
            let key: Ed25519.PrivateKey
            do {
                key = try Ed25519.PrivateKey(seed: try BLAKE2b.hash(Array(fixture.id.utf8), key: keyContext))
            } catch {
                throw .signingFailed("cannot derive the key of issuer \(fixture.id): \(error)")
            }
            issuers[fixture.id] = Issuer(
                id: fixture.id, name: fixture.name, names: fixture.names ?? [:], email: fixture.email,
                organizationId: fixture.organizationId, signingKey: key)
        }
        return issuers
    }
}

extension FixtureSchema {
    /// Issuers of documents (docs/folio-api.md, "Issued documents").
    public static let issuers = FixtureSchema(
        collection: "issuers", required: ["name": .string, "email": .string, "organizationId": .string],
        optional: ["names": .object], references: ["organizationId": "organizations"])

    /// Document templates; the shape of `fields` is checked by ``DocumentTemplate/load(from:issuers:)``.
    public static let documentTemplates = FixtureSchema(
        collection: "documentTemplates", required: ["issuerId": .string, "name": .string, "fields": .array],
        optional: ["names": .object, "defaultLocale": .string, "validityDays": .integer],
        references: ["issuerId": "issuers"])
}
