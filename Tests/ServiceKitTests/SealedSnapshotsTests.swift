import Crypto
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import TestSupport
import XCTest

/// Snapshots sealed with the service's secrets key: PostgreSQL never holds a state's secrets in clear, rows
/// written in clear before still load, and a rotated key still opens what it sealed.
final class SealedSnapshotsTests: XCTestCase {
    private let secret = "RECOVERY-\(RandomID.base32(count: 16))"
    private var pool: PostgresPool?
    private let service = "sealtest\(RandomID.base32(count: 6).lowercased())"

    override func setUp() async throws {
        let pool = try await ServiceKitTestDatabase.migratedPool(size: 2)
        self.pool = pool
    }

    override func tearDown() async throws {
        _ = try await pool?.execute("DELETE FROM store_snapshots WHERE service = \(service)")
        await pool?.close()
    }

    private func snapshots(_ sealer: SecretSealer?) throws -> PostgresSnapshots {
        PostgresSnapshots(database: try XCTUnwrap(pool), service: service, worker: "w1", sealer: sealer)
    }

    private func snapshot(version: Int64 = 1) -> StoreSnapshot {
        StoreSnapshot(
            storeID: StoreID.generate(for: .auth), kind: "auth", runtimeID: "rt_seal", version: version,
            state: ["flow": ["type": "AWAITING_RECOVERY_CODE_ACK", "value": ["recoveryCode": .string(secret)]]],
            pendingEffects: [["type": "ECHO", "value": .string(secret)]])
    }

    /// The row's state and pending effects as PostgreSQL stores them.
    private func storedText(_ storeID: StoreID) async throws -> String {
        let rows = try await XCTUnwrap(pool).query(
            "SELECT state::text AS state, pending_effects::text AS pending FROM store_snapshots WHERE store_id = \(storeID.rawValue)"
        )
        let row = try XCTUnwrap(rows.first)
        let state = try row.decode(String.self, "state")
        return state + (try row.decode(String.self, "pending"))
    }

    private func sealer(_ byte: UInt8, previous: [UInt8] = []) throws -> SecretSealer {
        SecretSealer(
            key: try SymmetricKey(bytes: Array(repeating: byte, count: 32)),
            previousKeys: try previous.map { try SymmetricKey(bytes: Array(repeating: $0, count: 32)) })
    }

    func testSealedSnapshotRowHoldsNoClearTextOfTheSecretAndLoadsBackEqual() async throws {
        let store = try snapshots(try sealer(1))
        let saved = snapshot()
        try await store.save(saved)
        let stored = try await storedText(saved.storeID)
        XCTAssertFalse(stored.contains(secret), stored)
        XCTAssertFalse(stored.contains("recoveryCode"), stored)
        XCTAssertTrue(stored.contains(SecretSealer.prefix), stored)
        let loaded = try await store.load(saved.storeID)
        XCTAssertEqual(loaded, saved)
    }

    func testSnapshotStoredInClearBeforeSealingLoadsThroughTheSealingStore() async throws {
        let saved = snapshot()
        try await snapshots(nil).save(saved)
        let clear = try await storedText(saved.storeID)
        XCTAssertTrue(clear.contains(secret), "written in clear, as before sealing")
        let loaded = try await snapshots(try sealer(1)).load(saved.storeID)
        XCTAssertEqual(loaded, saved)
    }

    func testResealAllSealsARowStoredInClearSoItsTextNoLongerHoldsTheSecret() async throws {
        let saved = snapshot()
        try await snapshots(nil).save(saved)
        let resealed = try await snapshots(try sealer(1)).resealAll()
        XCTAssertEqual(resealed, 1)
        let stored = try await storedText(saved.storeID)
        XCTAssertFalse(stored.contains(secret), stored)
        let loaded = try await snapshots(try sealer(1)).load(saved.storeID)
        XCTAssertEqual(loaded, saved)
    }

    func testRowSealedWithThePreviousKeyLoadsAfterRotationAndResealAllMovesItToTheNewKey() async throws {
        let saved = snapshot()
        try await snapshots(try sealer(1)).save(saved)
        let rotated = try sealer(2, previous: [1])
        let loadedAfterRotation = try await snapshots(rotated).load(saved.storeID)
        XCTAssertEqual(loadedAfterRotation, saved)
        let resealed = try await snapshots(rotated).resealAll()
        XCTAssertEqual(resealed, 1)
        let stored = try await storedText(saved.storeID)
        XCTAssertTrue(stored.contains("\(SecretSealer.prefix)\(rotated.currentKeyID)."), stored)
        let loadedWithNewKeyOnly = try await snapshots(try sealer(2)).load(saved.storeID)
        XCTAssertEqual(loadedWithNewKeyOnly, saved)
        let left = try await snapshots(rotated).resealAll()
        XCTAssertEqual(left, 0, "nothing is left under the previous key")
    }

    func testResealAllLeavesARowSealedWithAKeyItDoesNotHaveUntouched() async throws {
        let saved = snapshot()
        try await snapshots(try sealer(1)).save(saved)
        let before = try await storedText(saved.storeID)
        let resealed = try await snapshots(try sealer(3, previous: [4])).resealAll()
        XCTAssertEqual(resealed, 0)
        let after = try await storedText(saved.storeID)
        XCTAssertEqual(after, before)
    }

    func testRowSealedWithAnUnknownKeyFailsToLoadNamingTheKeyId() async throws {
        let saved = snapshot()
        try await snapshots(try sealer(1)).save(saved)
        do {
            _ = try await snapshots(try sealer(3)).load(saved.storeID)
            XCTFail("a key the service does not have opened the snapshot")
        } catch {
            XCTAssertTrue(String(describing: error).contains(try sealer(1).currentKeyID), "\(error)")
        }
    }

    func testSealedRowMovedToAnotherStoreIdDoesNotOpen() async throws {
        let saved = snapshot()
        let store = try snapshots(try sealer(1))
        try await store.save(saved)
        let other = StoreID.generate(for: .auth)
        _ = try await XCTUnwrap(pool).execute(
            """
            INSERT INTO store_snapshots (store_id, service, kind, owner_worker, runtime_id, version, state, pending_effects)
            SELECT \(other.rawValue), service, kind, owner_worker, runtime_id, version, state, pending_effects
            FROM store_snapshots WHERE store_id = \(saved.storeID.rawValue)
            """)
        do {
            _ = try await store.load(other)
            XCTFail("a sealed state opened under another store id")
        } catch {
            XCTAssertTrue(String(describing: error).contains("does not open"), "\(error)")
        }
    }
}
