import Foundation
import HTTP
import Synchronization
import Webhooks
import XCTest

final class WebhookClientTests: XCTestCase {
    private let secretText = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    private let body = Array("{\"type\":\"inquiry.completed\",\"data\":{\"inquiryId\":\"inq_1\"}}".utf8)

    private func startReceiver(
        shutdownGracePeriod: Duration = .seconds(1), _ handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) throws -> HTTPServer {
        let server = HTTPServer(configuration: .init(shutdownGracePeriod: shutdownGracePeriod), handler: handler)
        try server.start()
        return server
    }

    private func send(
        _ secret: WebhookSecret, to url: String, id: String = "msg_1", timeout: Duration = .seconds(5),
        maxAnswerBytes: Int = 4096,
        now: Date = Date()
    ) async throws(WebhookError) -> [UInt8] {
        try await WebhookClient().send(
            url: url, secret: secret, id: id, body: body, timeout: timeout, maxAnswerBytes: maxAnswerBytes,
            now: now)
    }

    private func expectError(_ operation: () async throws(WebhookError) -> [UInt8]) async -> WebhookError? {
        do throws(WebhookError) {
            let answer = try await operation()
            XCTFail("expected an error, got \(String(decoding: answer, as: UTF8.self))")
            return nil
        } catch {
            return error
        }
    }

    func testAReceiverThatVerifiesTheSignatureGetsAJSONPostWithTheWebhookHeadersAndItsJSONAnswerIsReturned()
        async throws
    {
        let secret = try WebhookSecret(secretText)
        let seen = Mutex<HTTPRequest?>(nil)
        let receiver = try startReceiver { request in
            seen.withLock { $0 = request }
            do {
                try secret.verify(headers: request.headers, body: request.body)
                return HTTPResponse(
                    status: 200, headers: [("Content-Type", "application/json")], text: "{\"received\":true}")
            } catch {
                return HTTPResponse(status: 401, text: "\(error)")
            }
        }
        let now = Date()
        let answer = try await send(secret, to: "http://127.0.0.1:\(receiver.port)/hooks", id: "msg_42", now: now)
        XCTAssertEqual(String(decoding: answer, as: UTF8.self), "{\"received\":true}")
        let request = try XCTUnwrap(seen.withLock { $0 })
        XCTAssertEqual(request.method, "POST")
        XCTAssertEqual(request.path, "/hooks")
        XCTAssertEqual(request.body, body)
        XCTAssertEqual(request.headers["content-type"], "application/json")
        XCTAssertEqual(request.headers["webhook-id"], "msg_42")
        let timestamp = Int64(now.timeIntervalSince1970.rounded(.down))
        XCTAssertEqual(request.headers["webhook-timestamp"], String(timestamp))
        XCTAssertEqual(
            request.headers["webhook-signature"], secret.signature(id: "msg_42", timestamp: timestamp, body: body))
        await receiver.shutdown()
    }

    func testA204AnswerWithNoBodyIsDeliveredAsAnEmptyAnswer() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver { _ in HTTPResponse(status: 204) }
        let answer = try await send(secret, to: "http://127.0.0.1:\(receiver.port)/")
        XCTAssertEqual(answer, [])
        await receiver.shutdown()
    }

    func testAReceiverAnswering500GivesStatus500WithTheStartOfItsAnswer() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver { _ in
            HTTPResponse(status: 500, text: "{\"error\":\"database down\"}" + String(repeating: "x", count: 1000))
        }
        let error = await expectError { () async throws(WebhookError) in
            try await self.send(secret, to: "http://127.0.0.1:\(receiver.port)/")
        }
        XCTAssertEqual(error?.statusCode, 500)
        XCTAssertEqual(
            error,
            .status(
                500,
                excerpt: "{\"error\":\"database down\"}"
                    + String(repeating: "x", count: WebhookClient.excerptBytes - 25)))
        await receiver.shutdown()
    }

    func testARedirectIsNotFollowedAndCountsAsItsStatus() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver { _ in HTTPResponse(status: 307, headers: [("Location", "/elsewhere")]) }
        let error = await expectError { () async throws(WebhookError) in
            try await self.send(secret, to: "http://127.0.0.1:\(receiver.port)/")
        }
        XCTAssertEqual(error?.statusCode, 307)
        await receiver.shutdown()
    }

    func testAnAnswerOneByteOverMaxAnswerBytesIsAnswerTooLargeAndOneOfExactlyMaxAnswerBytesIsReturned() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver { request in
            HTTPResponse(
                status: 200, body: .bytes([UInt8](repeating: 0x20, count: request.path == "/big" ? 1025 : 1024)))
        }
        let error = await expectError { () async throws(WebhookError) in
            try await self.send(secret, to: "http://127.0.0.1:\(receiver.port)/big", maxAnswerBytes: 1024)
        }
        XCTAssertEqual(error, .answerTooLarge)
        let answer = try await send(secret, to: "http://127.0.0.1:\(receiver.port)/fits", maxAnswerBytes: 1024)
        XCTAssertEqual(answer.count, 1024)
        await receiver.shutdown()
    }

    func testAReceiverThatNeverAnswersIsUnreachableAfterA300MillisecondTimeoutWellWithinTwoSeconds() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver(shutdownGracePeriod: .milliseconds(100)) { _ in
            try? await Task.sleep(for: .seconds(10))
            return HTTPResponse(status: 200)
        }
        let started = ContinuousClock.now
        let error = await expectError { () async throws(WebhookError) in
            try await self.send(secret, to: "http://127.0.0.1:\(receiver.port)/", timeout: .milliseconds(300))
        }
        let elapsed = ContinuousClock.now - started
        XCTAssertEqual(error?.isUnreachable, true, "\(String(describing: error))")
        XCTAssertGreaterThanOrEqual(elapsed, .milliseconds(250))
        XCTAssertLessThan(elapsed, .seconds(2))
        await receiver.shutdown()
    }

    func testAPortNobodyListensOnIsUnreachable() async throws {
        let secret = try WebhookSecret(secretText)
        let receiver = try startReceiver { _ in HTTPResponse(status: 204) }
        let url = "http://127.0.0.1:\(receiver.port)/"
        await receiver.shutdown()
        let error = await expectError { () async throws(WebhookError) in try await self.send(secret, to: url) }
        XCTAssertEqual(error?.isUnreachable, true, "\(String(describing: error))")
    }

    func testAnIdWithALineBreakOrSpaceOrNothingIsAnInvalidRequestAndNothingIsSent() async throws {
        let secret = try WebhookSecret(secretText)
        let requests = Mutex(0)
        let receiver = try startReceiver { _ in
            requests.withLock { $0 += 1 }
            return HTTPResponse(status: 204)
        }
        for id in ["msg_1\r\nx-injected: 1", "msg 1", ""] {
            let error = await expectError { () async throws(WebhookError) in
                try await self.send(secret, to: "http://127.0.0.1:\(receiver.port)/", id: id)
            }
            XCTAssertEqual(error?.isInvalidRequest, true, "\(id.debugDescription): \(String(describing: error))")
        }
        XCTAssertEqual(requests.withLock { $0 }, 0)
        await receiver.shutdown()
    }

    func testAURLThatIsNotHTTPIsAnInvalidRequest() async throws {
        let secret = try WebhookSecret(secretText)
        let error = await expectError { () async throws(WebhookError) in
            try await self.send(secret, to: "ftp://127.0.0.1/")
        }
        XCTAssertEqual(error?.isInvalidRequest, true, "\(String(describing: error))")
    }
}
