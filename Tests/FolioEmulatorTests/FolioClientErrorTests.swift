import FolioClient
import XCTest

final class FolioClientErrorTests: XCTestCase {
    func testRetryClassification() {
        XCTAssertTrue(FolioClientError.timeout.isRetryable)
        XCTAssertTrue(FolioClientError.connectionDropped.isRetryable)
        XCTAssertTrue(FolioClientError.unreachable.isRetryable)
        XCTAssertFalse(FolioClientError.malformedResponse.isRetryable)
        XCTAssertFalse(FolioClientError.cancelled.isRetryable)
        for status in [500, 502, 503, 504, 429] {
            XCTAssertTrue(FolioClientError.api(status: status, code: "X", message: "").isRetryable, "\(status)")
        }
        XCTAssertTrue(
            FolioClientError.api(status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", message: "").isRetryable)
        for status in [400, 401, 403, 404, 405, 409, 422] {
            XCTAssertFalse(FolioClientError.api(status: status, code: "X", message: "").isRetryable, "\(status)")
        }
    }

    func testEqualityIgnoresTheMessage() {
        XCTAssertEqual(
            FolioClientError.api(status: 503, code: "UNAVAILABLE", message: "a"),
            .api(status: 503, code: "UNAVAILABLE", message: "b"))
        XCTAssertNotEqual(
            FolioClientError.api(status: 503, code: "UNAVAILABLE", message: ""),
            .api(status: 502, code: "UNAVAILABLE", message: ""))
        XCTAssertNotEqual(FolioClientError.timeout, .connectionDropped)
        XCTAssertEqual(FolioClientError.api(status: 404, code: "NOT_FOUND", message: "").status, 404)
        XCTAssertNil(FolioClientError.timeout.status)
    }

    func testUnreachableAndCancelled() async throws {
        // Port 1 on loopback refuses connections.
        let client = FolioClient(
            configuration: .init(baseURL: "http://127.0.0.1:1", apiKey: "k"), httpClient: .init())
        do {
            _ = try await client.health()
            XCTFail("reached port 1")
        } catch {
            XCTAssertEqual(error, .unreachable)
        }

        let slow = FolioClient(
            configuration: .init(baseURL: "http://10.255.255.1:9", apiKey: "k", timeout: .seconds(30)),
            httpClient: .init())
        let task = Task { () throws(FolioClientError) -> FolioHealth in try await slow.health() }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled call succeeded")
        } catch {
            XCTAssertEqual(error as? FolioClientError, .cancelled)
        }
    }
}
