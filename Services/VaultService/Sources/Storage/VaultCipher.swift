import Crypto
import FolioModel

/// Seals and opens what the vault stores, with XChaCha20-Poly1305.
///
/// Every record and folder has its own random record key: its body is sealed with it, and the key itself is
/// sealed with the account's data key (or, for a record shared with this account, opened from the share).
/// The additional data binds each ciphertext to where it belongs: a body to its owner, schema and version
/// (and, through its own key, to its record), a record key to its account and entry, settings to their
/// account and entry. A ciphertext moved to another row, account or version fails to open.
public struct VaultCipher: Sendable {
    let dataKey: SymmetricKey
    let account: String

    public init(dataKey: SymmetricKey, account: String) {
        self.dataKey = dataKey
        self.account = account
    }

    public func newRecordKey() -> SymmetricKey { SymmetricKey.random() }

    public func wrapRecordKey(_ key: SymmetricKey, entryID: String) throws(VaultError) -> [UInt8] {
        try seal(key.bytes, ["folio-vault-record-key", account, entryID], with: dataKey)
    }

    func unwrapRecordKey(_ wrapped: [UInt8], entryID: String) throws(VaultError) -> SymmetricKey {
        let bytes = try open(wrapped, ["folio-vault-record-key", account, entryID], with: dataKey, entryID)
        do {
            return try SymmetricKey(bytes: bytes)
        } catch {
            throw .storage(message: "the record key of \(entryID) is malformed")
        }
    }

    public func sealBody(_ payload: String, key: SymmetricKey, owner: String, schema: String, version: UInt32)
        throws(VaultError) -> [UInt8]
    {
        try seal(Array(payload.utf8), Self.bodyContext(owner: owner, schema: schema, version: version), with: key)
    }

    func openBody(_ sealed: [UInt8], key: SymmetricKey, owner: String, schema: String, version: UInt32, id: String)
        throws(VaultError) -> String
    {
        let context = Self.bodyContext(owner: owner, schema: schema, version: version)
        return try opening(id) { try AEAD.openString(sealed, additionalData: Self.additionalData(context), key: key) }
    }

    func sealSettings(_ settings: DocumentSettings, entryID: String) throws(VaultError) -> [UInt8] {
        try seal(settings.json.serialized(), ["folio-vault-settings", account, entryID], with: dataKey)
    }

    func openSettings(_ sealed: [UInt8], entryID: String) throws(VaultError) -> DocumentSettings {
        let bytes = try open(sealed, ["folio-vault-settings", account, entryID], with: dataKey, entryID)
        do {
            return try DocumentSettings(json: try JSONParser.parse(bytes), path: "settings")
        } catch {
            throw .codec(message: "the settings of \(entryID) cannot be decoded: \(error)")
        }
    }

    func sealAttachment(_ bytes: [UInt8], key: SymmetricKey, id: String) throws(VaultError) -> [UInt8] {
        try seal(bytes, ["folio-vault-attachment", id], with: key)
    }

    func openAttachment(_ sealed: [UInt8], key: SymmetricKey, id: String) throws(VaultError) -> [UInt8] {
        try open(sealed, ["folio-vault-attachment", id], with: key, id)
    }

    /// Seals a secret of the account (its sharing keys) with its data key.
    func seal(_ secret: [UInt8], _ context: [String]) throws(VaultError) -> [UInt8] {
        try seal(secret, context, with: dataKey)
    }

    func open(_ sealed: [UInt8], _ context: [String]) throws(VaultError) -> [UInt8] {
        try open(sealed, context, with: dataKey, context.joined(separator: " "))
    }

    static func bodyContext(owner: String, schema: String, version: UInt32) -> [String] {
        ["folio-vault-body", owner, schema, String(version)]
    }

    /// Parts joined with their lengths, so no two different part lists give the same bytes.
    static func additionalData(_ parts: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.utf8.count + 4 })
        for part in parts {
            bytes += String(part.utf8.count).utf8
            bytes.append(UInt8(ascii: ":"))
            bytes += part.utf8
        }
        return bytes
    }

    private func seal(_ plaintext: [UInt8], _ context: [String], with key: SymmetricKey) throws(VaultError)
        -> [UInt8]
    {
        do {
            return try AEAD.seal(plaintext, additionalData: Self.additionalData(context), key: key)
        } catch {
            throw .storage(message: "sealing failed: \(error)")
        }
    }

    private func open(_ sealed: [UInt8], _ context: [String], with key: SymmetricKey, _ what: String)
        throws(VaultError) -> [UInt8]
    {
        try opening(what) { try AEAD.open(sealed, additionalData: Self.additionalData(context), key: key) }
    }

    /// Runs one open; a failure is a ciphertext of `what` that was damaged or moved.
    private func opening<Opened>(_ what: String, _ open: () throws -> Opened) throws(VaultError) -> Opened {
        do {
            return try open()
        } catch {
            throw .storage(message: "the stored ciphertext of \(what) does not open: it was damaged or moved")
        }
    }
}
