import Postgres
import TestSupport
import VaultService
import WireModel
import XCTest

/// A write whose connection breaks at COMMIT (PostgreSQL shutting down, the network dropping) is reported as
/// what it did, never as a failure after it happened: a client would send a failed creation again and the
/// vault would hold it twice.
extension VaultRepositoryTests {
    private func withProxiedRepository(_ body: (VaultRepository, CommitCuttingProxy) async throws -> Void)
        async throws
    {
        let (_, upstream) = try CommitCuttingProxy.url(try TestEnvironment.databaseURL(), throughPort: 0)
        let proxy = try CommitCuttingProxy(upstreamPort: upstream)
        defer { proxy.stop() }
        let url = try CommitCuttingProxy.url(try TestEnvironment.databaseURL(), throughPort: proxy.port).url
        let pool = PostgresPool(url: url, size: 2)
        do {
            try await body(VaultRepository(pool: pool, keyEncryptionKey: kek), proxy)
            await pool.close()
        } catch {
            await pool.close()
            throw error
        }
    }

    func testACreationWhoseCommitGoesUnansweredButHappenedIsReportedCreatedAndHeldOnce() async throws {
        try await withProxiedRepository { proxied, proxy in
            let owner = account()
            _ = try await repository.view(account: owner)  // the vault's key exists before the cut write
            proxy.cutNextCommit(.afterCommitAnswered)
            let result = try await proxied.write(.create(record: note), account: owner, session: .transient)
            XCTAssertEqual(proxy.cutCount, 1, "the write's COMMIT was cut")
            let view = try await repository.view(account: owner)
            XCTAssertEqual(view.records.map(\.header.id), [try XCTUnwrap(result.createdID)])
        }
    }

    func testACreationWhoseCommitNeverReachedTheDatabaseRunsAgainAndIsHeldOnce() async throws {
        try await withProxiedRepository { proxied, proxy in
            let owner = account()
            _ = try await repository.view(account: owner)
            proxy.cutNextCommit(.beforeCommitSent)
            let result = try await proxied.write(.create(record: note), account: owner, session: .transient)
            XCTAssertEqual(proxy.cutCount, 1, "the write's COMMIT was cut")
            let view = try await repository.view(account: owner)
            XCTAssertEqual(view.records.map(\.header.id), [try XCTUnwrap(result.createdID)])
            XCTAssertEqual(view.records.map(\.payload), [note.payload])
        }
    }

    func testAnUpdateWhoseCommitGoesUnansweredButHappenedIsReportedDoneWithItsPatch() async throws {
        try await withProxiedRepository { proxied, proxy in
            let owner = account()
            let id = try await created(.create(record: note), owner)
            let changed = RecordContent(schema: "note", version: 2, payload: #"{"title":"Pass"}"#)
            proxy.cutNextCommit(.afterCommitAnswered)
            let result = try await proxied.write(
                .update(id: id, record: changed), account: owner, session: .transient, readingBack: true)
            XCTAssertEqual(proxy.cutCount, 1)
            XCTAssertEqual(result.changedEntries, [id])
            XCTAssertNotNil(result.patch, "the entries read back in the write's transaction")
            let view = try await repository.view(account: owner)
            XCTAssertEqual(view.records.map(\.payload), [changed.payload])
        }
    }
}
