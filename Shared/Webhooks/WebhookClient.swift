import Foundation
import HTTP

/// Sends signed webhooks (Standard Webhooks 1.0) over ``HTTP/HTTPClient``: one POST per call, no retries.
public struct WebhookClient: Sendable {
    /// How many bytes of a non-2xx answer ``WebhookError/status(_:excerpt:)`` keeps.
    public static let excerptBytes = 256

    private let http: HTTPClient

    /// A client sending through `http`.
    public init(http: HTTPClient = HTTPClient()) {
        self.http = http
    }

    /// POSTs `body` to `url` with `content-type: application/json`, `webhook-id: id`,
    /// `webhook-timestamp` (`now` in whole unix seconds) and `webhook-signature` by `secret`, and returns
    /// the answer's body when its status is 2xx. The whole exchange, connect included, must finish within
    /// `timeout`, and the answer must have at most `maxAnswerBytes` bytes.
    public func send(
        url: String, secret: WebhookSecret, id: String, body: [UInt8], timeout: Duration, maxAnswerBytes: Int,
        now: Date
    ) async throws(WebhookError) -> [UInt8] {
        // Header values go into the request as they are: a line break would start a header of its own.
        guard !id.isEmpty, id.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else {
            throw .invalidRequest(message: "webhook id must be visible ASCII characters")
        }
        guard let timestamp = Int64(exactly: now.timeIntervalSince1970.rounded(.down)) else {
            throw .invalidRequest(message: "the time \(now.timeIntervalSince1970) is not whole unix seconds")
        }
        let request = HTTPClientRequest(
            method: "POST", url: url,
            headers: [
                "content-type": "application/json",
                WebhookHeader.id: id,
                WebhookHeader.timestamp: String(timestamp),
                WebhookHeader.signature: secret.signature(id: id, timestamp: timestamp, body: body),
            ],
            body: body, timeout: timeout, maxResponseSize: max(0, maxAnswerBytes))
        let response: HTTPClientResponse
        do {
            response = try await http.send(request)
        } catch let error as HTTPClientError {
            if error == .responseTooLarge { throw .answerTooLarge }
            if error == .invalidURL { throw .invalidRequest(message: error.description) }
            throw .unreachable(message: error.description)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unreachable(message: "\(error)")
        }
        guard (200...299).contains(response.status) else {
            let excerpt = String(decoding: response.body.prefix(Self.excerptBytes), as: UTF8.self)
            throw .status(response.status, excerpt: excerpt)
        }
        return response.body
    }
}
