import Postgres
import StoreKit
import Synchronization

extension VaultDatabase {
    /// How long a write waits for PostgreSQL to answer again once its connection broke: about 10 s in all.
    static let writeBackoff = Backoff(first: .milliseconds(200), longest: .seconds(2), tries: 8)

    /// Runs a transaction until its outcome is known, so a write is never reported failed when it
    /// happened (a client would then send it again and, for a creation, write it twice). `attempt` runs the
    /// transaction and keeps its value before COMMIT. A connection that broke inside the transaction rolled it
    /// back: it runs again. A COMMIT that went unanswered (the server shut down or the network dropped right
    /// then) is asked about by the transaction's id once the database answers: the kept value when it
    /// committed, another run when it rolled back; one that never said its id (every transaction but a write
    /// under the account's lock) is thrown. Any other error is thrown at once; the last connection failure is
    /// thrown when the tries run out. A read runs again the same way while PostgreSQL restarts, so a store shows
    /// a read error only once PostgreSQL stayed away for all of the backoff.
    func knowingTheOutcome<T: Sendable>(
        backoff: Backoff = writeBackoff, _ attempt: (_ kept: KeptValue<T>) async throws -> T
    ) async throws -> T {
        var failures = 0
        while true {
            let kept = KeptValue<T>()
            let unanswered: PostgresError
            do {
                return try await attempt(kept)
            } catch let error as PostgresError where error.kind == .connectionFailed {
                failures += 1
                unanswered = error
            }
            if unanswered.isCommitUnanswered {
                guard let id = unanswered.unansweredTransaction else { throw unanswered }
                if try await committed(id, backoff: backoff, failures: &failures, else: unanswered) {
                    guard let value = kept.value else { throw unanswered }
                    return value
                }
            }
            if let tries = backoff.tries, failures >= tries { throw unanswered }
            try? await Task.sleep(for: backoff.pause(afterFailures: failures))
        }
    }

    /// Whether transaction `id` committed, asked until the database answers with an outcome; `error` is
    /// thrown when the tries run out first or the database no longer knows the transaction.
    private func committed(
        _ id: PostgresTransactionID, backoff: Backoff, failures: inout Int, else error: PostgresError
    ) async throws -> Bool {
        while true {
            do {
                switch try await pool.status(of: id) {
                case .committed: return true
                case .aborted: return false
                case .inProgress: failures += 1  // the server has not noticed the broken connection yet
                case nil: throw error
                }
            } catch let failure as PostgresError where failure.kind == .connectionFailed {
                failures += 1
            }
            if let tries = backoff.tries, failures >= tries { throw error }
            try? await Task.sleep(for: backoff.pause(afterFailures: failures))
        }
    }
}

/// The value a transaction's body produced, kept for when its COMMIT goes unanswered and then turns out done.
final class KeptValue<T: Sendable>: Sendable {
    private let stored = Mutex<T?>(nil)

    func keep(_ value: T) { stored.withLock { $0 = value } }

    var value: T? { stored.withLock { $0 } }
}
