import Foundation
import Postgres

/// The delivery journal (`document_deliveries`): an invite is claimed with a lease before anything reaches Folio,
/// each finished step is written, and a process takes over an unfinished delivery only once its lease ran out.
public struct DeliveryJournal: Sendable {
    /// Where a claimed delivery stands.
    public enum Stage: String, Sendable, Equatable {
        case receiving = "RECEIVING"
        case confirming = "CONFIRMING"
        case done = "DONE"
        case abandoned = "ABANDONED"
        case refused = "REFUSED"
    }

    /// What a claim found.
    public enum Claim: Sendable, Equatable {
        /// This process holds the delivery now; go on from `stage`.
        case claimed(stage: Stage, recordID: String?)
        /// Another process holds an unexpired lease on it.
        case busy
        /// It ended before: delivered as `recordID` (DONE), or refused by the vault for good (nil).
        case ended(recordID: String?)
    }

    /// An unfinished delivery whose lease ran out.
    public struct Unfinished: Sendable, Equatable {
        public var inviteID: String
        public var issuanceID: String
        public var accountID: String
        public var runtimeID: String

        public init(inviteID: String, issuanceID: String, accountID: String, runtimeID: String) {
            self.inviteID = inviteID
            self.issuanceID = issuanceID
            self.accountID = accountID
            self.runtimeID = runtimeID
        }
    }

    let pool: PostgresPool
    /// This process, as the owner of its claims.
    let owner: String
    let leaseSeconds: Double

    public init(pool: PostgresPool, owner: String, leaseSeconds: Double) {
        self.pool = pool
        self.owner = owner
        self.leaseSeconds = leaseSeconds
    }

    /// Claims the delivery of `inviteID`: a new one starts RECEIVING; an unfinished one is taken over when its
    /// lease ran out or this process holds it; an abandoned one is taken up again at the stage it reached
    /// (CONFIRMING once the vault accepted it as a record, else RECEIVING). Only the account's own passes claim its
    /// deliveries, so an abandoned delivery goes on for the identity it was addressed to and no other.
    public func claim(inviteID: String, issuanceID: String, accountID: String, runtimeID: String) async throws
        -> Claim
    {
        let rows = try await pool.query(
            """
            INSERT INTO document_deliveries (invite_id, issuance_id, account_id, runtime_id, stage, claimed_by,
                lease_until)
            VALUES (\(inviteID), \(issuanceID), \(accountID), \(runtimeID), 'RECEIVING', \(owner),
                now() + make_interval(secs => \(leaseSeconds)))
            ON CONFLICT (account_id, invite_id) DO UPDATE SET claimed_by = EXCLUDED.claimed_by,
                lease_until = EXCLUDED.lease_until, runtime_id = EXCLUDED.runtime_id,
                stage = CASE WHEN document_deliveries.stage <> 'ABANDONED' THEN document_deliveries.stage
                    WHEN document_deliveries.record_id IS NULL THEN 'RECEIVING' ELSE 'CONFIRMING' END,
                attempts = document_deliveries.attempts + 1, updated_at = now()
            WHERE document_deliveries.stage = 'ABANDONED'
                OR (document_deliveries.stage IN ('RECEIVING', 'CONFIRMING')
                    AND (document_deliveries.lease_until < now()
                        OR document_deliveries.claimed_by = EXCLUDED.claimed_by))
            RETURNING stage, record_id
            """)
        if let row = rows.first {
            let stage = Stage(rawValue: try row.decode(String.self, "stage")) ?? .receiving
            return .claimed(stage: stage, recordID: try row.decode(String?.self, "record_id"))
        }
        let existing = try await pool.query(
            "SELECT stage, record_id FROM document_deliveries WHERE account_id = \(accountID) AND invite_id = \(inviteID)"
        )
        guard let row = existing.first else { return .busy }
        switch Stage(rawValue: try row.decode(String.self, "stage")) {
        case .done: return .ended(recordID: try row.decode(String?.self, "record_id"))
        case .refused: return .ended(recordID: nil)
        // ABANDONED here: another claim took it up between the two statements.
        case .receiving, .confirming, .abandoned, nil: return .busy
        }
    }

    /// The document is in the vault as `recordID`: the delivery goes on to its confirmation.
    public func received(accountID: String, inviteID: String, recordID: String) async throws {
        try await advance(accountID, inviteID, to: .confirming, recordID: recordID)
    }

    /// Folio took the confirmation: the delivery is done.
    public func confirmed(accountID: String, inviteID: String) async throws {
        try await advance(accountID, inviteID, to: .done, recordID: nil)
    }

    /// The session's identity changed (or its runtime shut down) before the delivery ended: it waits for a pass
    /// of the identity's next session (`abandonedDeliveries`), which takes it up again at the stage it reached.
    public func abandoned(accountID: String, inviteID: String) async throws {
        try await advance(accountID, inviteID, to: .abandoned, recordID: nil)
    }

    /// The sweep found an unfinished delivery whose lease ran out and whose runtime's session holds another
    /// identity now (or whose runtime shut down): it waits for a pass of the identity's next session. Any process
    /// may do it once the lease ran out (the process that held it is gone); a delivery whose lease holds goes on
    /// where it is.
    public func abandonUnattended(accountID: String, inviteID: String) async throws {
        _ = try await pool.execute(
            """
            UPDATE document_deliveries SET stage = 'ABANDONED', updated_at = now()
            WHERE account_id = \(accountID) AND invite_id = \(inviteID) AND stage IN ('RECEIVING', 'CONFIRMING')
                AND (lease_until < now() OR claimed_by = \(owner))
            """)
    }

    /// The vault refused the invite for good (unknown, rejected, revoked): nobody tries it again.
    public func refused(accountID: String, inviteID: String) async throws {
        try await advance(accountID, inviteID, to: .refused, recordID: nil)
    }

    /// Gives the lease back after a failed step, so the next pass (of any process) goes on at once.
    public func release(accountID: String, inviteID: String) async throws {
        _ = try await pool.execute(
            """
            UPDATE document_deliveries SET lease_until = now(), updated_at = now()
            WHERE account_id = \(accountID) AND invite_id = \(inviteID) AND claimed_by = \(owner) AND stage IN ('RECEIVING', 'CONFIRMING')
            """)
    }

    /// Unfinished deliveries whose lease ran out, oldest first.
    public func unfinished(limit: Int) async throws -> [Unfinished] {
        let rows = try await pool.query(
            """
            SELECT invite_id, issuance_id, account_id, runtime_id FROM document_deliveries
            WHERE stage IN ('RECEIVING', 'CONFIRMING') AND lease_until < now()
            ORDER BY lease_until LIMIT \(limit)
            """)
        return try rows.map(Self.unfinished)
    }

    /// The deliveries of `accountID` that were abandoned, oldest first: a pass of a live session of that identity
    /// takes them up again (an identity never takes up another one's).
    public func abandonedDeliveries(accountID: String, limit: Int) async throws -> [Unfinished] {
        let rows = try await pool.query(
            """
            SELECT invite_id, issuance_id, account_id, runtime_id FROM document_deliveries
            WHERE account_id = \(accountID) AND stage = 'ABANDONED'
            ORDER BY updated_at LIMIT \(limit)
            """)
        return try rows.map(Self.unfinished)
    }

    private static func unfinished(_ row: PostgresRow) throws -> Unfinished {
        Unfinished(
            inviteID: try row.decode(String.self, "invite_id"),
            issuanceID: try row.decode(String.self, "issuance_id"),
            accountID: try row.decode(String.self, "account_id"),
            runtimeID: try row.decode(String.self, "runtime_id"))
    }

    private func advance(_ accountID: String, _ inviteID: String, to stage: Stage, recordID: String?) async throws {
        _ = try await pool.execute(
            """
            UPDATE document_deliveries SET stage = \(stage.rawValue), record_id = COALESCE(\(recordID), record_id),
                updated_at = now()
            WHERE account_id = \(accountID) AND invite_id = \(inviteID) AND claimed_by = \(owner)
                AND stage IN ('RECEIVING', 'CONFIRMING')
            """)
    }
}
