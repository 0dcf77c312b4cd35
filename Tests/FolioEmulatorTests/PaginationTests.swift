import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class PaginationTests: EmulatorTestCase {
    func testPagingWalksEveryOrganizationExactlyOnce() async throws {
        let harness = try await startEmulator()
        let expected = try FixtureSet.load(from: Self.repositoryFixtures)["organizations"].map(\.id)
            .sorted()
        XCTAssertGreaterThan(expected.count, 2, "the test needs more than one page")

        let client = harness.client
        var pages = 0
        let all = try await client.paginate { cursor throws(FolioClientError) in
            pages += 1
            return try await client.organizations(cursor: cursor, limit: 2)
        }
        XCTAssertEqual(all.map(\.id), expected)
        XCTAssertEqual(pages, (expected.count + 1) / 2)

        let whole = try await client.organizations(limit: 100)
        XCTAssertEqual(whole.items.map(\.id), expected)
        XCTAssertNil(whole.nextCursor)
    }

    func testPageBoundariesAndLastPage() async throws {
        let harness = try await startEmulator()
        let first = try await harness.client.organizations(limit: 2)
        XCTAssertEqual(first.items.count, 2)
        let cursor = try XCTUnwrap(first.nextCursor)
        let second = try await harness.client.organizations(cursor: cursor, limit: 2)
        XCTAssertTrue(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
        XCTAssertLessThan(try XCTUnwrap(first.items.last?.id), try XCTUnwrap(second.items.first?.id))
    }

    func testBadCursorAndLimitAreRejected() async throws {
        let harness = try await startEmulator()
        let cursor = await folioError { () async throws(FolioClientError) in
            try await harness.client.organizations(cursor: "not-a-cursor")
        }
        XCTAssertEqual(cursor?.status, 400)
        XCTAssertEqual(cursor?.code, "INVALID_CURSOR")
        for limit in [0, 101, -3] {
            let error = await folioError { () async throws(FolioClientError) in
                try await harness.client.organizations(limit: limit)
            }
            XCTAssertEqual(error?.code, "INVALID_REQUEST", "limit \(limit)")
        }
    }

    func testAccountsOfAnOrganizationArePaged() async throws {
        let harness = try await startEmulator()
        let client = harness.client
        let accounts = try await client.paginate { cursor throws(FolioClientError) in
            try await client.accounts(organizationId: "org_acme", cursor: cursor, limit: 1)
        }
        XCTAssertEqual(accounts.map(\.id), ["acct_alice", "acct_bob"])
        XCTAssertTrue(accounts.allSatisfy { $0.organizationId == "org_acme" })
    }

    func testPaginateStopsOnARepeatedCursor() async throws {
        let harness = try await startEmulator()
        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.paginate { _ throws(FolioClientError) in
                FolioPage<String>(items: ["x"], nextCursor: "same")
            }
        }
        XCTAssertEqual(error, .malformedResponse)
    }
}
