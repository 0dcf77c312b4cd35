import HTTP
import XCTest

final class HTTPClientRequestLimitsTests: XCTestCase {
    func testARequestTimeoutShorterThanTheClientTimeoutFailsWithTimeoutWithinOneSecond() async throws {
        let server = try startServer(.init(shutdownGracePeriod: .milliseconds(100))) { _ in
            try? await Task.sleep(for: .seconds(5))
            return HTTPResponse(status: 200)
        }
        let client = HTTPClient(configuration: .init(timeout: .seconds(30)))
        let started = ContinuousClock.now
        do {
            _ = try await client.send(HTTPClientRequest(url: url(server, "/slow"), timeout: .milliseconds(200)))
            XCTFail("expected a timeout")
        } catch let error as HTTPClientError {
            XCTAssertEqual(error, .timeout)
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(1))
        await server.shutdown()
    }

    func testARequestSizeLimitBelowTheClientLimitFailsWithResponseTooLargeAndAnExactFitIsReturned()
        async throws
    {
        let payload = [UInt8](repeating: 120, count: 64 * 1024)
        let server = try startServer { request in
            if request.path == "/stream" {
                let stream = AsyncStream<[UInt8]> { continuation in
                    continuation.yield(payload)
                    continuation.finish()
                }
                return HTTPResponse(status: 200, body: .stream(stream))
            }
            return HTTPResponse(status: 200, body: .bytes(payload))
        }
        let client = HTTPClient(configuration: .init(maxResponseSize: 16 << 20))
        for path in ["/fixed", "/stream"] {
            do {
                _ = try await client.send(HTTPClientRequest(url: url(server, path), maxResponseSize: 1024))
                XCTFail("expected responseTooLarge for \(path)")
            } catch let error as HTTPClientError {
                XCTAssertEqual(error, .responseTooLarge, path)
            }
            let exact = try await client.send(
                HTTPClientRequest(url: url(server, path), maxResponseSize: payload.count))
            XCTAssertEqual(exact.body, payload, path)
        }
        await server.shutdown()
    }

    func testARequestSizeLimitAboveTheClientLimitLetsALargerResponseThrough() async throws {
        let payload = [UInt8](repeating: 120, count: 4096)
        let server = try startServer { _ in HTTPResponse(status: 200, body: .bytes(payload)) }
        let client = HTTPClient(configuration: .init(maxResponseSize: 1024))
        let response = try await client.send(HTTPClientRequest(url: url(server, "/"), maxResponseSize: 8192))
        XCTAssertEqual(response.body, payload)
        await server.shutdown()
    }
}
