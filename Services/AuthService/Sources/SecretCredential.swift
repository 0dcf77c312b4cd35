import Crypto
import FolioModel

/// A credential of the form `<id>.<secret>`: the id finds the row, the secret is 256 random bits of which
/// only a BLAKE2b hash is stored, and the comparison is constant-time.
struct SecretCredential: Sendable, Equatable {
    let id: String
    let secret: [UInt8]

    static func issue(prefix: String) -> SecretCredential {
        SecretCredential(id: "\(prefix)_\(RandomID.base32(count: 26))", secret: Random.bytes(32))
    }

    init(id: String, secret: [UInt8]) {
        self.id = id
        self.secret = secret
    }

    /// Parses `<prefix>_<26 chars>.<base64url>`; nil for anything else.
    init?(parsing text: String, prefix: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].hasPrefix("\(prefix)_"), parts[0].utf8.count == prefix.utf8.count + 27,
            let secret = try? Base64URL.decode(String(parts[1])), secret.count == 32
        else { return nil }
        self.init(id: String(parts[0]), secret: secret)
    }

    var text: String { "\(id).\(Base64URL.encode(secret))" }

    func hash() throws -> [UInt8] { try BLAKE2b.hash(secret, length: 32) }

    func matches(storedHash: [UInt8]) -> Bool {
        guard let hash = try? hash() else { return false }
        return ConstantTime.equals(hash, storedHash)
    }
}
