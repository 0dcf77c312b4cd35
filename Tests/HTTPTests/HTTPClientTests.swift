import HTTP
import Synchronization
import XCTest

final class HTTPClientTests: XCTestCase {
    func testTimeoutIsTyped() async throws {
        let server = try startServer(.init(shutdownGracePeriod: .milliseconds(100))) { _ in
            try? await Task.sleep(for: .seconds(5))
            return HTTPResponse(status: 200)
        }
        let client = HTTPClient(configuration: .init(timeout: .milliseconds(200)))
        do {
            _ = try await client.send(HTTPClientRequest(url: url(server, "/slow")))
            XCTFail("expected a timeout")
        } catch let error as HTTPClientError {
            XCTAssertEqual(error, .timeout)
        }
        await server.shutdown()
    }

    func testResponseTooLarge() async throws {
        let payload = [UInt8](repeating: 120, count: 64 * 1024)
        let server = try startServer { request in
            if request.path == "/stream" {
                // No Content-Length: the limit has to trip while receiving.
                let stream = AsyncStream<[UInt8]> { continuation in
                    continuation.yield(payload)
                    continuation.finish()
                }
                return HTTPResponse(status: 200, body: .stream(stream))
            }
            return HTTPResponse(status: 200, body: .bytes(payload))
        }
        let client = HTTPClient(configuration: .init(maxResponseSize: 1024))
        for path in ["/fixed", "/stream"] {
            do {
                _ = try await client.send(HTTPClientRequest(url: url(server, path)))
                XCTFail("expected responseTooLarge for \(path)")
            } catch let error as HTTPClientError {
                XCTAssertEqual(error, .responseTooLarge, path)
            }
        }
        let roomy = HTTPClient(configuration: .init(maxResponseSize: payload.count))
        let response = try await roomy.send(HTTPClientRequest(url: url(server, "/stream")))
        XCTAssertEqual(response.body, payload)
        await server.shutdown()
    }

    func testConnectionRefusedOnClosedPort() async throws {
        let server = try startServer { _ in HTTPResponse(status: 204) }
        let address = url(server, "/")
        await server.shutdown()
        do {
            _ = try await HTTPClient().send(HTTPClientRequest(url: address))
            XCTFail("expected connection refused")
        } catch let error as HTTPClientError {
            XCTAssertEqual(error, .connectionFailed)
        }
    }

    func testInvalidURL() async throws {
        for bad in ["not a url", "ftp://127.0.0.1/file"] {
            do {
                _ = try await HTTPClient().send(HTTPClientRequest(url: bad))
                XCTFail("expected invalidURL for \(bad)")
            } catch let error as HTTPClientError {
                XCTAssertEqual(error, .invalidURL, bad)
            }
        }
    }

    func testSequentialRequestsReuseOneConnection() async throws {
        let server = try startServer { request in
            HTTPResponse(status: 200, text: "\(request.remotePort)")
        }
        let client = HTTPClient(configuration: .init(maxConnections: 1))
        let first = try await client.send(HTTPClientRequest(url: url(server, "/a")))
        let second = try await client.send(
            HTTPClientRequest(method: "POST", url: url(server, "/b"), body: [1, 2]))
        XCTAssertFalse(first.body.isEmpty)
        XCTAssertEqual(text(first.body), text(second.body))
        await server.shutdown()
    }

    func testMethodsAndEmptyBodies() async throws {
        let server = try startServer { request in
            HTTPResponse(
                status: 200, headers: [("X-Method", request.method)],
                text:
                    "\(request.method) \(request.headers["content-length"] ?? "none") \(request.body.count)")
        }
        let client = HTTPClient()
        let put = try await client.send(
            HTTPClientRequest(method: "PUT", url: url(server, "/"), body: [1, 2, 3]))
        XCTAssertEqual(text(put.body), "PUT 3 3")
        let emptyPost = try await client.send(HTTPClientRequest(method: "POST", url: url(server, "/")))
        XCTAssertEqual(text(emptyPost.body), "POST 0 0")
        let delete = try await client.send(HTTPClientRequest(method: "DELETE", url: url(server, "/")))
        XCTAssertEqual(text(delete.body), "DELETE none 0")
        let head = try await client.send(HTTPClientRequest(method: "HEAD", url: url(server, "/")))
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.headers["x-method"], "HEAD")
        XCTAssertTrue(head.body.isEmpty)
        await server.shutdown()
    }

    func testCancellationStopsTheRequest() async throws {
        let started = Signal()
        let server = try startServer(.init(shutdownGracePeriod: .milliseconds(100))) { _ in
            started.fire()
            try? await Task.sleep(for: .seconds(5))
            return HTTPResponse(status: 200)
        }
        let client = HTTPClient()
        let task = Task { try await client.send(HTTPClientRequest(url: url(server, "/slow"))) }
        await started.wait()
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
        await server.shutdown()
    }

    func testARequestIsNotHeldUpBehindALongOneThatTookTheIdleWorker() async throws {
        let server = try startServer(.init(shutdownGracePeriod: .milliseconds(100))) { request in
            if request.path == "/slow" { try? await Task.sleep(for: .seconds(3)) }
            return HTTPResponse(status: 200)
        }
        let client = HTTPClient(configuration: .init(timeout: .seconds(10)))
        _ = try await client.send(HTTPClientRequest(url: url(server, "/warm")))
        // One idle worker, two requests at once: the second must get a worker of its own, so it is answered
        // while the first still waits.
        let slowDone = Mutex(false)
        let slow = Task {
            let response = try await client.send(HTTPClientRequest(url: url(server, "/slow")))
            slowDone.withLock { $0 = true }
            return response.status
        }
        let fast = try await client.send(HTTPClientRequest(url: url(server, "/fast")))
        XCTAssertEqual(fast.status, 200)
        XCTAssertFalse(slowDone.withLock { $0 }, "the short request did not wait for the long one")
        let slowStatus = try await slow.value
        XCTAssertEqual(slowStatus, 200)
        await server.shutdown()
    }
}
