import Crypto
import Foundation
import Lifecycle

/// The service's secrets key, which seals what it keeps at rest (store snapshots, saved inquiry tokens):
/// `FOLIO_SECRETS_KEY` (base64url of 32 random bytes) or the file `FOLIO_SECRETS_KEY_FILE` names (the same
/// text). Keys it replaced, still needed to open what they sealed until it is sealed again, are listed in
/// `FOLIO_SECRETS_PREVIOUS_KEYS` (comma-separated). A service does not start without a key.
public enum SecretsKeyConfiguration {
    /// The sealer `ServiceConfiguration`'s initializer defaults to, for tests: its key is the published bytes
    /// 0x00–0x1f, so it protects nothing. ``sealer(_:)`` never returns it unless the environment names that key.
    public static let publicTestSealer = SecretSealer(key: publicTestKey)

    static let publicTestKey: SymmetricKey = {
        guard let key = try? SymmetricKey(bytes: (0..<32).map { UInt8($0) }) else {
            preconditionFailure("32 bytes make a key")
        }
        return key
    }()

    /// The sealer of the environment's keys.
    public static func sealer(_ environment: Environment) throws(SecretsKeyError) -> SecretSealer {
        var text = environment.optionalString("FOLIO_SECRETS_KEY")
        if text == nil, let path = environment.optionalString("FOLIO_SECRETS_KEY_FILE") {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw SecretsKeyError("FOLIO_SECRETS_KEY_FILE names \(path), which cannot be read")
            }
            text = String(decoding: contents, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard let text else {
            throw SecretsKeyError(
                "set FOLIO_SECRETS_KEY (base64url of 32 random bytes, e.g. `openssl rand 32 | basenc --base64url`) "
                    + "or FOLIO_SECRETS_KEY_FILE: the service seals the secrets it stores with it")
        }
        let key = try Self.key(text, variable: "FOLIO_SECRETS_KEY")
        let previous = try (environment.optionalString("FOLIO_SECRETS_PREVIOUS_KEYS") ?? "")
            .split(separator: ",").map { text throws(SecretsKeyError) in
                try Self.key(
                    text.trimmingCharacters(in: .whitespaces), variable: "FOLIO_SECRETS_PREVIOUS_KEYS")
            }
        return SecretSealer(key: key, previousKeys: previous)
    }

    private static func key(_ text: String, variable: String) throws(SecretsKeyError) -> SymmetricKey {
        let unpadded = text.hasSuffix("=") ? String(text.prefix { $0 != "=" }) : text
        guard let bytes = try? Base64URL.decode(unpadded), let key = try? SymmetricKey(bytes: bytes) else {
            throw SecretsKeyError("\(variable) must be base64url of exactly 32 bytes")
        }
        return key
    }
}

/// The secrets key is missing or malformed.
public struct SecretsKeyError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
