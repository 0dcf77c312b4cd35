/// Seals secrets a service keeps at rest (store snapshots, saved inquiry tokens) with its secrets key:
/// XChaCha20-Poly1305 (``AEAD``), bound to a context string naming where the text lives, so a sealed value
/// cannot be moved to another row.
///
/// Sealed text is `fsk1.<key id>.<base64url of nonce, ciphertext and tag>`; the key id (8 hex digits of
/// BLAKE2b of the key) picks the key to open it with, so after a rotation the previous keys still open what
/// they sealed while everything new is sealed with the current key.
public struct SecretSealer: Sendable {
    /// The prefix of every sealed text.
    public static let prefix = "fsk1."

    private let current: (id: String, key: SymmetricKey)
    private let previous: [String: SymmetricKey]

    /// Seals with `key`; opens what `key` or one of `previousKeys` sealed.
    public init(key: SymmetricKey, previousKeys: [SymmetricKey] = []) {
        current = (Self.keyID(key), key)
        var previous: [String: SymmetricKey] = [:]
        for old in previousKeys { previous[Self.keyID(old)] = old }
        self.previous = previous
    }

    /// The id sealed texts carry for `key`: 8 hex digits of its BLAKE2b hash, which tell keys apart without
    /// revealing them.
    public static func keyID(_ key: SymmetricKey) -> String {
        String(
            Hex.encode((try? BLAKE2b.hash(Array("folio-secrets-key-id".utf8) + key.bytes, length: 16)) ?? []).prefix(8))
    }

    /// The id of the key new texts are sealed with.
    public var currentKeyID: String { current.id }

    /// The ids of the previous keys, which open what they sealed but seal nothing new.
    public var previousKeyIDs: [String] { previous.keys.filter { $0 != current.id }.sorted() }

    /// The `LIKE` patterns of text sealed with a previous key, which should be sealed again.
    public var previousKeyPatterns: [String] { previousKeyIDs.map { "\(Self.prefix)\($0).%" } }

    /// Whether `text` is sealed text (rather than a secret stored before sealing existed).
    public static func isSealed(_ text: String) -> Bool { text.hasPrefix(prefix) }

    /// Seals `plaintext` for `context` with the current key.
    public func seal(_ plaintext: [UInt8], context: String) throws -> String {
        let sealed = try AEAD.seal(plaintext, additionalData: Array(context.utf8), key: current.key)
        return "\(Self.prefix)\(current.id).\(Base64URL.encode(sealed))"
    }

    /// Seals a string for `context`.
    public func seal(_ plaintext: String, context: String) throws -> String {
        try seal(Array(plaintext.utf8), context: context)
    }

    /// Opens text `seal` made for the same `context`, with the key its id names. Throws
    /// ``SecretSealerError`` for text that is not sealed, an unknown key, or a wrong context or key.
    public func open(_ text: String, context: String) throws(SecretSealerError) -> [UInt8] {
        guard Self.isSealed(text) else { throw SecretSealerError("the text is not sealed") }
        let parts = text.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw SecretSealerError("sealed text has no key id and body") }
        let id = String(parts[0])
        guard let key = id == current.id ? current.key : previous[id] else {
            throw SecretSealerError(
                "sealed with key \(id), which is neither the current secrets key nor a previous one")
        }
        do {
            return try AEAD.open(Base64URL.decode(String(parts[1])), additionalData: Array(context.utf8), key: key)
        } catch {
            throw SecretSealerError("sealed text for \(context) does not open with key \(id): \(error)")
        }
    }

    /// Opens a sealed string.
    public func openString(_ text: String, context: String) throws(SecretSealerError) -> String {
        let bytes = try open(text, context: context)
        guard let string = String(validating: bytes, as: UTF8.self) else {
            throw SecretSealerError("sealed text for \(context) is not UTF-8")
        }
        return string
    }

    /// Whether `text` is sealed with a key other than the current one (so it should be sealed again).
    public func needsResealing(_ text: String) -> Bool {
        !text.hasPrefix("\(Self.prefix)\(current.id).")
    }
}

/// Why sealed text did not open.
public struct SecretSealerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
