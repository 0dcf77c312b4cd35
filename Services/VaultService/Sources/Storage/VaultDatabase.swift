import Crypto
import FolioModel
import Postgres

/// The vault's PostgreSQL: every transaction runs as `folio_vault` (no owner rights, no BYPASSRLS) with
/// `folio.account_id` set, so row-level security shows it only that account's rows.
struct VaultDatabase: Sendable {
    let pool: PostgresPool
    let keyEncryptionKey: VaultKeyEncryptionKey

    /// Runs `body` in a transaction of `account`, with the account's cipher (its data key is created on first
    /// use and sealed with the key-encryption key).
    func withAccount<T: Sendable>(
        _ account: String, _ body: @Sendable (PostgresTransaction, VaultCipher) async throws -> T
    ) async throws -> T {
        let kek = keyEncryptionKey.key
        return try await pool.withTransaction { transaction in
            _ = try await transaction.execute("SET LOCAL ROLE folio_vault")
            try await transaction.setLocal("folio.account_id", account)
            let dataKey = try await Self.dataKey(account, kek: kek, transaction)
            return try await body(transaction, VaultCipher(dataKey: dataKey, account: account))
        }
    }

    /// The cipher of `account` inside a transaction whose `folio.account_id` is that account.
    func cipher(for account: String, _ transaction: PostgresTransaction) async throws -> VaultCipher {
        VaultCipher(dataKey: try await Self.dataKey(account, kek: keyEncryptionKey.key, transaction), account: account)
    }

    private static func dataKey(_ account: String, kek: SymmetricKey, _ transaction: PostgresTransaction)
        async throws -> SymmetricKey
    {
        let context = VaultCipher.additionalData(["folio-vault-data-key", account])
        var rows = try await transaction.query("SELECT wrapped_key FROM vault_keys WHERE account_id = \(account)")
        if rows.isEmpty {
            let fresh = try AEAD.seal(SymmetricKey.random().bytes, additionalData: context, key: kek)
            _ = try await transaction.execute(
                """
                INSERT INTO vault_keys (account_id, wrapped_key) VALUES (\(account), \(fresh))
                ON CONFLICT (account_id) DO NOTHING
                """)
            rows = try await transaction.query("SELECT wrapped_key FROM vault_keys WHERE account_id = \(account)")
        }
        guard let wrapped = try rows.first?.decode([UInt8].self, "wrapped_key") else {
            throw VaultError.storage(message: "the data key of the account cannot be read")
        }
        do {
            return try SymmetricKey(bytes: try AEAD.open(wrapped, additionalData: context, key: kek))
        } catch {
            throw VaultError.storage(message: "the account's data key does not open with this key-encryption key")
        }
    }
}
