import HTTP
import XCTest

final class HTTPServerTests: XCTestCase {
    func testRoundTripWithHeadersQueryAndBody() async throws {
        let server = try startServer { request in
            let summary = [
                request.method, request.path, request.query["color"] ?? "-", request.query["note"] ?? "-",
                request.headers["x-test"] ?? "-", text(request.body),
            ].joined(separator: "|")
            return HTTPResponse(
                status: 201, headers: [("X-Reply", "ok"), ("Content-Type", "text/plain")], text: summary)
        }
        let client = HTTPClient()
        let post = try await client.send(
            HTTPClientRequest(
                method: "POST", url: url(server, "/items/42?color=red&note=a%20b"),
                headers: ["X-Test": "yes"], body: Array("hello".utf8)))
        XCTAssertEqual(post.status, 201)
        XCTAssertEqual(post.headers["x-reply"], "ok")
        XCTAssertEqual(post.headers["content-type"], "text/plain")
        XCTAssertEqual(text(post.body), "POST|/items/42|red|a b|yes|hello")

        let get = try await client.send(HTTPClientRequest(url: url(server, "/plain")))
        XCTAssertEqual(get.status, 201)
        XCTAssertEqual(text(get.body), "GET|/plain|-|-|-|")
        await server.shutdown()
    }

    func testOversizedBodyGets413AndServerStaysUp() async throws {
        let server = try startServer(.init(maxBodySize: 1024)) { request in
            HTTPResponse(status: 200, text: "got \(request.body.count)")
        }
        let client = HTTPClient()
        let big = [UInt8](repeating: 65, count: 64 * 1024)
        let rejected = try await client.send(
            HTTPClientRequest(method: "POST", url: url(server, "/"), body: big))
        XCTAssertEqual(rejected.status, 413)

        // Chunked upload: no Content-Length, so the limit trips while reading.
        let chunked = try await client.send(
            HTTPClientRequest(
                method: "POST", url: url(server, "/"), headers: ["Transfer-Encoding": "chunked"], body: big)
        )
        XCTAssertEqual(chunked.status, 413)

        let fine = try await client.send(
            HTTPClientRequest(
                method: "POST", url: url(server, "/"), body: [UInt8](repeating: 66, count: 1024)))
        XCTAssertEqual(fine.status, 200)
        XCTAssertEqual(text(fine.body), "got 1024")
        await server.shutdown()
    }

    func testTheClientGetsThe413OfABodyFarLargerThanTheSocketBuffersHold() async throws {
        let server = try startServer(.init(maxBodySize: 1024)) { request in
            HTTPResponse(status: 200, text: "got \(request.body.count)")
        }
        let client = HTTPClient()
        let huge = [UInt8](repeating: 65, count: 32 * 1024 * 1024)
        for attempt in 0..<5 {
            let rejected = try await client.send(HTTPClientRequest(method: "POST", url: url(server, "/"), body: huge))
            XCTAssertEqual(rejected.status, 413, "attempt \(attempt)")
        }
        await server.shutdown()
    }

    func testPathWithABodyLimitOfItsOwnTakesBodiesOverMaxBodySizeAndRefusesOnesOverItsLimitWithItsResponse()
        async throws
    {
        let ownLimit = HTTPServer.BodyLimit(
            maxBodySize: 4096, payloadTooLargeResponse: HTTPResponse(status: 413, text: "upload over 4096"))
        let server = try startServer(.init(maxBodySize: 1024, bodyLimits: ["/upload": ownLimit])) { request in
            HTTPResponse(status: 200, text: "got \(request.body.count)")
        }
        let client = HTTPClient()
        let medium = [UInt8](repeating: 65, count: 2048)
        let taken = try await client.send(HTTPClientRequest(method: "POST", url: url(server, "/upload"), body: medium))
        XCTAssertEqual(taken.status, 200)
        XCTAssertEqual(text(taken.body), "got 2048")
        let elsewhere = try await client.send(HTTPClientRequest(method: "POST", url: url(server, "/"), body: medium))
        XCTAssertEqual(elsewhere.status, 413, "other paths keep maxBodySize")

        let big = [UInt8](repeating: 65, count: 8192)
        let declared = try await client.send(HTTPClientRequest(method: "POST", url: url(server, "/upload"), body: big))
        XCTAssertEqual(declared.status, 413)
        XCTAssertEqual(text(declared.body), "upload over 4096")
        let chunked = try await client.send(
            HTTPClientRequest(
                method: "POST", url: url(server, "/upload"), headers: ["Transfer-Encoding": "chunked"], body: big))
        XCTAssertEqual(chunked.status, 413)
        XCTAssertEqual(text(chunked.body), "upload over 4096")
        await server.shutdown()
    }

    func testAwaitingHandlersDoNotBlockEachOther() async throws {
        let count = 20
        let arrived = Counter()
        let server = try startServer { _ in
            arrived.increment()
            // Each handler waits until all of them are inside at once, which only happens if none blocks.
            for _ in 0..<2000 where arrived.current < count {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return HTTPResponse(status: 200, text: arrived.current >= count ? "together" : "alone")
        }
        let client = HTTPClient(configuration: .init(maxConnections: count))
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<count {
                group.addTask {
                    let response = try await client.send(
                        HTTPClientRequest(url: url(server, "/slow/\(index)")))
                    XCTAssertEqual(response.status, 200)
                    return text(response.body)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(bodies, Array(repeating: "together", count: count))
        await server.shutdown()
    }

    func testServerSentEventsArriveBeforeTheStreamEnds() async throws {
        let firstSeen = Signal()
        let server = try startServer { _ in
            let stream = AsyncStream<[UInt8]> { continuation in
                continuation.yield(Array("data: first\n\n".utf8))
                Task {
                    // The stream cannot end before the client has read the first event.
                    await firstSeen.wait()
                    continuation.yield(Array("data: second\n\n".utf8))
                    continuation.finish()
                }
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream))
        }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send(
            "GET /events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        let head = try await onThread { try connection.read(until: "data: first") }
        XCTAssertTrue(head.hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(head.lowercased().contains("content-type: text/event-stream"))
        XCTAssertTrue(head.lowercased().contains("transfer-encoding: chunked"))
        XCTAssertFalse(head.contains("data: second"))
        firstSeen.fire()
        let all = try await onThread { try connection.read(until: "\r\n0\r\n\r\n") }
        XCTAssertTrue(all.contains("data: second"))
        await server.shutdown()
    }

    func testClientDisconnectCancelsStreamProducer() async throws {
        let terminated = expectation(description: "producer learns the client left")
        let server = try startServer { _ in
            let stream = AsyncStream<[UInt8]> { continuation in
                let heartbeat = Task {
                    while !Task.isCancelled {
                        continuation.yield(Array(": heartbeat\n\n".utf8))
                        try? await Task.sleep(for: .milliseconds(20))
                    }
                }
                continuation.onTermination = { reason in
                    heartbeat.cancel()
                    if case .cancelled = reason { terminated.fulfill() }
                }
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/event-stream")], body: .stream(stream))
        }
        let connection = try RawHTTPConnection(port: server.port)
        try connection.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try await onThread { try connection.read(until: ": heartbeat") }
        connection.close()
        await fulfillment(of: [terminated], timeout: 20)
        await server.shutdown()
    }

    func testGracefulShutdownLetsInFlightRequestFinish() async throws {
        let started = Signal()
        let server = try startServer(.init(shutdownGracePeriod: .seconds(30))) { _ in
            started.fire()
            try? await Task.sleep(for: .milliseconds(300))
            return HTTPResponse(status: 200, text: "finished")
        }
        let address = url(server, "/work")
        let client = HTTPClient()
        async let response = client.send(HTTPClientRequest(url: address))
        await started.wait()
        await server.shutdown()
        let finished = try await response
        XCTAssertEqual(finished.status, 200)
        XCTAssertEqual(text(finished.body), "finished")
        do {
            _ = try await client.send(HTTPClientRequest(url: address))
            XCTFail("a stopped server must refuse connections")
        } catch let error as HTTPClientError {
            XCTAssertEqual(error, .connectionFailed)
        }
    }

    func testShutdownEndsOpenStreamsAndOverdueHandlers() async throws {
        let handlerStarted = Signal()
        let streamEnded = expectation(description: "open stream is terminated by shutdown")
        let server = try startServer(.init(shutdownGracePeriod: .milliseconds(200))) { request in
            if request.path == "/stuck" {
                handlerStarted.fire()
                try? await Task.sleep(for: .seconds(30))
                return HTTPResponse(status: 200, text: "too late")
            }
            let stream = AsyncStream<[UInt8]> { continuation in
                continuation.yield(Array("data: only\n\n".utf8))
                continuation.onTermination = { _ in streamEnded.fulfill() }
            }
            return HTTPResponse(status: 200, body: .stream(stream))
        }
        let stream = try RawHTTPConnection(port: server.port)
        try stream.send("GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        _ = try await onThread { try stream.read(until: "data: only") }
        let stuck = try RawHTTPConnection(port: server.port)
        try stuck.send("GET /stuck HTTP/1.1\r\nHost: localhost\r\n\r\n")
        await handlerStarted.wait()

        // Both connections are suspended now; libmicrohttpd aborts if stopped like that.
        await server.shutdown()
        let ended = try await onThread { try stream.read(until: "\r\n0\r\n\r\n") }
        XCTAssertTrue(ended.contains("data: only"))
        await fulfillment(of: [streamEnded], timeout: 20)
        let overdue = try await onThread { () -> String in
            (try? stuck.read(until: "\r\n\r\n")) ?? ""
        }
        XCTAssertFalse(overdue.contains("too late"))
    }

    func testRemoteAddressAndPort() async throws {
        let server = try startServer { request in
            HTTPResponse(status: 200, text: "\(request.remoteAddress) \(request.remotePort)")
        }
        let response = try await HTTPClient().send(HTTPClientRequest(url: url(server, "/")))
        let parts = text(response.body).split(separator: " ")
        XCTAssertEqual(parts.first, "127.0.0.1")
        XCTAssertNotEqual(parts.last.flatMap { UInt16($0) } ?? 0, 0)
        await server.shutdown()
    }

    func testStartErrors() async throws {
        let server = try startServer { _ in HTTPResponse(status: 204) }
        let clash = HTTPServer(configuration: .init(port: server.port)) { _ in HTTPResponse(status: 204)
        }
        XCTAssertThrowsError(try clash.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .startFailed)
        }
        XCTAssertThrowsError(try server.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .alreadyStarted)
        }
        await server.shutdown()

        let badHost = HTTPServer(configuration: .init(host: "not-an-ip")) { _ in
            HTTPResponse(status: 204)
        }
        XCTAssertThrowsError(try badHost.start()) { error in
            XCTAssertEqual(error as? HTTPServerError, .invalidAddress)
        }
    }

    func testDeinitStopsTheDaemon() async throws {
        var server: HTTPServer? = try startServer { _ in HTTPResponse(status: 204) }
        let address = url(try XCTUnwrap(server), "/")
        let client = HTTPClient()
        let response = try await client.send(HTTPClientRequest(url: address))
        XCTAssertEqual(response.status, 204)
        server = nil
        do {
            _ = try await client.send(HTTPClientRequest(url: address))
            XCTFail("a released server must not answer")
        } catch let error as HTTPClientError {
            XCTAssertTrue(error == .connectionFailed || error == .connectionDropped, "\(error)")
        }
    }
}
