import CPostgres

extension PostgresConnection {
    /// A batch larger than this runs one statement after the other: in libpq's blocking mode a pipeline whose
    /// statements do not fit the sockets' buffers could wait on a server that waits on its answers.
    static let maxPipelineBytes = 64 * 1024

    /// Blocking: runs `queries` in order and returns what each returned, in one round trip when it can (libpq's
    /// pipeline mode: every statement sent, then one sync, then the answers read). The first statement that fails
    /// throws its error; the server skips the ones after it. In a transaction block (or after a BEGIN first in
    /// `queries`) the block is aborted as after any failed statement; outside one, the batch is one implicit
    /// transaction up to the sync, so a failure rolls back the statements before it too. Statements not prepared
    /// yet on this connection are prepared first. Call on `queue`.
    func runBatchBlocking(_ queries: [PostgresQuery]) throws -> [PostgresResult] {
        guard queries.count > 1 else { return try queries.map { try runBlocking($0) } }
        let handle = try usableHandle()
        let statements = try queries.map(EncodedStatement.init)
        guard statements.reduce(0, { $0 + $1.size }) <= Self.maxPipelineBytes else {
            return try queries.map { try runBlocking($0) }
        }
        let preparedStatements = try statements.map { try preparedStatement($0.key, handle) }
        guard PQenterPipelineMode(handle) == 1 else {
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        var sent = 0
        for (statement, prepared) in zip(statements, preparedStatements) {
            let accepted =
                statement.withValues { values -> Int32 in
                    if let prepared {
                        return PQsendQueryPrepared(
                            handle, prepared.name, statement.count, values, statement.lengths, statement.formats,
                            prepared.resultFormat)
                    }
                    return PQsendQueryParams(
                        handle, statement.key.sql, statement.count, statement.key.types, values, statement.lengths,
                        statement.formats, 0)
                } ?? 0
            guard accepted == 1 else { break }
            sent += 1
        }
        guard PQpipelineSync(handle) == 1 else {
            markBroken()  // the pipeline cannot be ended: the connection's state is unknown
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        var results: [PostgresResult] = []
        var failure: (any Error)?
        for index in 0..<sent {
            do {
                results.append(try consumeForgettingStale(nextResult(handle), of: handle, statements[index].key))
            } catch {
                if failure == nil { failure = error }
            }
            if isClosed { break }
        }
        try endPipeline(handle)
        if let failure { throw failure }
        guard sent == queries.count else {
            // libpq refused a statement before sending it (out of memory): nothing after it ran.
            markBroken()
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        return results
    }

    /// The first result of the next statement in the pipeline, after reading (and freeing) the rest of its
    /// results up to the NULL that ends them; nil when the connection broke.
    private func nextResult(_ handle: OpaquePointer) -> OpaquePointer? {
        guard let first = PQgetResult(handle) else { return nil }
        while let more = PQgetResult(handle) {
            PQclear(more)
            if PQstatus(handle) != CONNECTION_OK { break }
        }
        return first
    }

    /// Reads up to the sync's answer and leaves pipeline mode; a connection where that fails is never reused.
    private func endPipeline(_ handle: OpaquePointer) throws {
        if !isClosed {
            while let result = PQgetResult(handle) {
                let status = PQresultStatus(result)
                PQclear(result)
                if status == PGRES_PIPELINE_SYNC { break }
                if PQstatus(handle) != CONNECTION_OK { break }
            }
        }
        let left = PQexitPipelineMode(handle) == 1
        noteTransactionStatus(PQtransactionStatus(handle))
        guard left, PQstatus(handle) == CONNECTION_OK else {
            markBroken()
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
    }
}
