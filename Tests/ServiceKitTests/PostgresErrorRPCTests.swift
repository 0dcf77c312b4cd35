import Bus
import FolioModel
import Postgres
import ServiceKit
import TestSupport
import XCTest

/// A method whose database is out of reach answers `DATABASE_UNAVAILABLE` (-32012, retryable: docs/wire-api.md
/// "Errors"), not an internal error.
final class PostgresErrorRPCTests: XCTestCase {
    private func outcome(of thrown: any Error) async -> Result<JSONValue, JSONRPCError> {
        let router = RPCRouter([
            RPCMethod("demo.read", summary: "reads the database", result: .init("none", .null)) { _ in throw thrown }
        ])
        return await router.outcome(of: JSONRPCRequest(method: "demo.read", params: nil, id: .int(1)))
    }

    func testAConnectionThatCannotBeOpenedIsDatabaseUnavailable() async throws {
        let closed = PostgresPool(url: "postgresql://postgres@127.0.0.1:1/postgres", size: 1)
        var thrown: (any Error)?
        do { _ = try await closed.query("SELECT 1") } catch { thrown = error }
        guard case .failure(let error) = await outcome(of: try XCTUnwrap(thrown)) else {
            return XCTFail("the call succeeded")
        }
        XCTAssertEqual(error.code, FolioErrorCode.databaseUnavailable.rawValue, "\(error)")
        await closed.close()
    }

    func testAStatementTheServerRefusesForGoodIsAnInternalError() async throws {
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        var thrown: (any Error)?
        do { _ = try await pool.query("SELECT * FROM no_such_table_anywhere") } catch { thrown = error }
        guard case .failure(let error) = await outcome(of: try XCTUnwrap(thrown)) else {
            return XCTFail("the call succeeded")
        }
        XCTAssertEqual(error.code, -32603, "\(error)")
        await pool.close()
    }
}
