import Crypto
import FolioModel
import Postgres
import Synchronization

/// The vault's PostgreSQL: every transaction runs as `folio_vault` (no owner rights, no BYPASSRLS) with
/// `folio.account_id` set, so row-level security shows it only that account's rows.
struct VaultDatabase: Sendable {
    let pool: PostgresPool
    let keyEncryptionKey: VaultKeyEncryptionKey
    let dataKeys: VaultDataKeys

    init(pool: PostgresPool, keyEncryptionKey: VaultKeyEncryptionKey, dataKeys: VaultDataKeys = VaultDataKeys()) {
        self.pool = pool
        self.keyEncryptionKey = keyEncryptionKey
        self.dataKeys = dataKeys
    }

    /// Runs `body` in a transaction of `account`, with the account's cipher (its data key is created on first
    /// use and sealed with the key-encryption key). `lockingWrites` also takes the account's write lock
    /// (`VaultTransfer.lock`) in the same round trip.
    /// `consistentReads`: every statement of `body` sees the same committed state (a view's entries and its
    /// counts read by two statements must agree while a sync commits beside them).
    /// Every transaction runs until its outcome is known (`knowingTheOutcome`): when PostgreSQL goes away under
    /// it, `body` may run again, on a fresh transaction. Only a write (`lockingWrites`) learns whether a COMMIT
    /// left unanswered happened.
    func withAccount<T: Sendable>(
        _ account: String, lockingWrites: Bool = false, consistentReads: Bool = false,
        _ body: @Sendable (PostgresTransaction, VaultCipher) async throws -> T
    ) async throws -> T {
        guard lockingWrites else {
            return try await knowingTheOutcome { _ in
                try await transaction(account, consistentReads: consistentReads, body)
            }
        }
        return try await knowingTheOutcome { kept in
            try await transaction(account, lockingWrites: true) { transaction, cipher in
                let value = try await body(transaction, cipher)
                kept.keep(value)
                return value
            }
        }
    }

    private func transaction<T: Sendable>(
        _ account: String, lockingWrites: Bool = false, consistentReads: Bool = false,
        _ body: @Sendable (PostgresTransaction, VaultCipher) async throws -> T
    ) async throws -> T {
        // A snapshot transaction cannot make the account's data key: when another transaction makes it first,
        // its insert fails with a serialization failure. So a new account's key is made (or read) before.
        if consistentReads, dataKeys[account] == nil {
            try await transaction(account) { _, _ in }
        }
        return try await pool.withTransaction(isolation: consistentReads ? .repeatableRead : .readCommitted) {
            transaction in
            // The role and the account in one statement, sent with the body's first (`deferred`);
            // `set_config(..., true)` is `SET LOCAL`.
            if lockingWrites {
                // A write also learns its transaction's id: if its COMMIT goes unanswered, the database tells
                // later whether it happened (`VaultWriteAttempts`).
                transaction.deferred(
                    """
                    SELECT set_config('role', 'folio_vault', true), set_config('folio.account_id', \(account), true),
                        pg_advisory_xact_lock(hashtext('folio-vault:' || \(account))),
                        pg_current_xact_id()::text::bigint AS transaction_id
                    """
                ) { rows in
                    if let row = rows.first {
                        transaction.identified(as: try row.decode(PostgresTransactionID.self, "transaction_id"))
                    }
                }
            } else {
                transaction.deferred(
                    "SELECT set_config('role', 'folio_vault', true), set_config('folio.account_id', \(account), true)"
                ) { _ in }
            }
            return try await body(transaction, try await cipher(for: account, transaction))
        }
    }

    /// The cipher of `account` inside a transaction whose `folio.account_id` is that account.
    func cipher(for account: String, _ transaction: PostgresTransaction) async throws -> VaultCipher {
        if let cached = dataKeys[account] { return VaultCipher(dataKey: cached, account: account) }
        let (dataKey, committed) = try await Self.dataKey(account, kek: keyEncryptionKey.key, transaction)
        // A key this transaction created is remembered only once it is read back committed: if the
        // transaction rolled back, another one makes the account's key.
        if committed { dataKeys[account] = dataKey }
        return VaultCipher(dataKey: dataKey, account: account)
    }

    /// The account's data key, and whether it was read from a committed row (not created by `transaction`).
    private static func dataKey(_ account: String, kek: SymmetricKey, _ transaction: PostgresTransaction)
        async throws -> (SymmetricKey, committed: Bool)
    {
        let context = VaultCipher.additionalData(["folio-vault-data-key", account])
        var rows = try await transaction.query("SELECT wrapped_key FROM vault_keys WHERE account_id = \(account)")
        let committed = !rows.isEmpty
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
            return (try SymmetricKey(bytes: try AEAD.open(wrapped, additionalData: context, key: kek)), committed)
        } catch {
            throw VaultError.storage(message: "the account's data key does not open with this key-encryption key")
        }
    }
}

/// The accounts' data keys this process opened, so a transaction does not read and unwrap its account's key
/// again: a data key never changes once stored. At most `capacity` accounts are kept; past that the oldest
/// half is forgotten.
final class VaultDataKeys: Sendable {
    private struct Entries {
        var keys: [String: SymmetricKey] = [:]
        var order: [String] = []
    }

    let capacity: Int
    private let entries = Mutex(Entries())

    init(capacity: Int = 10_000) { self.capacity = max(2, capacity) }

    subscript(account: String) -> SymmetricKey? {
        get { entries.withLock { $0.keys[account] } }
        set {
            entries.withLock { entries in
                guard let newValue else {
                    entries.keys[account] = nil
                    return
                }
                if entries.keys.updateValue(newValue, forKey: account) == nil { entries.order.append(account) }
                if entries.order.count > capacity {
                    let forgotten = entries.order.prefix(capacity / 2)
                    for old in forgotten { entries.keys[old] = nil }
                    entries.order.removeFirst(forgotten.count)
                }
            }
        }
    }

    var count: Int { entries.withLock { $0.keys.count } }
}
