import Crypto
import Foundation
import Lifecycle

/// The service's key-encryption key: it wraps every account's data key. It comes from `FOLIO_VAULT_KEK`
/// (base64url of 32 bytes) or from the file `FOLIO_VAULT_KEK_FILE` names (the same text); `make run`
/// generates one. Without either the service does not start.
public struct VaultKeyEncryptionKey: Sendable {
    let key: SymmetricKey

    public init(_ key: SymmetricKey) { self.key = key }

    public static func load(_ environment: Lifecycle.Environment) throws -> VaultKeyEncryptionKey {
        var text = environment.optionalString("FOLIO_VAULT_KEK")
        if text == nil, let path = environment.optionalString("FOLIO_VAULT_KEK_FILE") {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw VaultKeyError("FOLIO_VAULT_KEK_FILE names \(path), which cannot be read")
            }
            text = String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let text else {
            throw VaultKeyError("set FOLIO_VAULT_KEK (base64url of 32 random bytes) or FOLIO_VAULT_KEK_FILE")
        }
        guard let bytes = try? Base64URL.decode(text), bytes.count == SymmetricKey.length,
            let key = try? SymmetricKey(bytes: bytes)
        else { throw VaultKeyError("the key-encryption key must be base64url of exactly 32 bytes") }
        return VaultKeyEncryptionKey(key)
    }
}

/// The key-encryption key is missing or malformed.
public struct VaultKeyError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
