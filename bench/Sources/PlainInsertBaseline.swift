import FolioModel
import Postgres
import Synchronization

/// The baseline of `bench/run vault-write`: plain `INSERT`s of rows of the same size into a plain table of the
/// same PostgreSQL (no row-level security, no role switch, no encryption, no transaction around them), with
/// as many concurrent clients as the vault phase has, over a pool as large as the VaultService's.
struct PlainInsertBaseline: Sendable {
    static let table = "bench_plain_records"

    let pool: PostgresPool

    init(databaseURL: String, poolSize: Int) {
        pool = PostgresPool(url: databaseURL, size: poolSize)
    }

    /// Creates the plain table: an id and an account like a vault entry's key, and the body.
    func prepare() async throws {
        _ = try await pool.execute(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: Self.table) (
                account_id text NOT NULL, id text NOT NULL, body bytea NOT NULL, PRIMARY KEY (account_id, id))
            """)
    }

    /// The inserts that `clients` concurrent clients finish inside `window`, each inserting one row after the
    /// other, and all of them (warm-up and the last ones too).
    func inserts(clients: Int, body: [UInt8], window: MeasurementWindow) async throws -> (counted: Int, total: Int) {
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<clients {
                group.addTask {
                    let account = "plain_\(RandomID.base32(count: 26))"
                    var counted = 0
                    var total = 0
                    while ContinuousClock.now < window.end {
                        let id = "D_" + RandomID.base32(count: 26)
                        _ = try await pool.execute(
                            """
                            INSERT INTO \(unescaped: Self.table) (account_id, id, body) VALUES (\(account), \(id), \(body))
                            """)
                        total += 1
                        if window.contains(.now) { counted += 1 }
                    }
                    return (counted, total)
                }
            }
            var sum = (counted: 0, total: 0)
            for try await (counted, total) in group {
                sum.counted += counted
                sum.total += total
            }
            return sum
        }
    }

    func close() async { await pool.close() }
}
