import Crypto
import Postgres

extension VaultIdentityRecords {
    /// The keyed hash a fingerprint is kept as (BLAKE2b, 32 bytes). The key is the account's: BLAKE2b of the
    /// account id keyed with a subkey of the key-encryption key (`KDF`, context `vaultfpr`), so the same document
    /// gives unrelated hashes in two accounts and nothing in the database alone finds the fingerprint again.
    static func fingerprintHash(_ fingerprint: String, keyAccount: String, kek: VaultKeyEncryptionKey)
        throws(VaultError) -> [UInt8]
    {
        do {
            let master = try KDF.deriveKey(from: kek.key, subkeyID: 1, context: "vaultfpr")
            let key = try BLAKE2b.hash(Array(keyAccount.utf8), key: master, length: 32)
            return try BLAKE2b.hash(Array(fingerprint.utf8), key: key, length: 32)
        } catch {
            throw .storage(message: "the fingerprint cannot be hashed: \(error)")
        }
    }

    /// The hashes of `fingerprint` under every key the account's rows were made with: its own first, then the
    /// guests' whose rows a sign-in copied into it.
    static func fingerprintHashes(
        _ fingerprint: String, account: String, kek: VaultKeyEncryptionKey, _ transaction: PostgresTransaction
    ) async throws -> [(keyAccount: String, hash: [UInt8])] {
        let rows = try await transaction.query(
            """
            SELECT DISTINCT hash_key_account FROM vault_identity_records
            WHERE hash_key_account <> \(account) ORDER BY hash_key_account
            """)
        let keys = [account] + (try rows.map { try $0.decode(String.self, "hash_key_account") })
        return try keys.map { key throws(VaultError) in
            (key, try fingerprintHash(fingerprint, keyAccount: key, kek: kek))
        }
    }
}
