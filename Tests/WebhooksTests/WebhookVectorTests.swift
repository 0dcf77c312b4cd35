import Foundation
import Webhooks
import XCTest

/// The published Standard Webhooks vectors (Vectors/standard-webhooks.json).
final class WebhookVectorTests: XCTestCase {
    private struct Vectors: Decodable {
        let cases: [Case]
    }

    private struct Case: Decodable {
        let secret: String
        let id: String
        let timestamp: String
        let body: String
        let signature: String

        enum CodingKeys: String, CodingKey {
            case secret, body
            case id = "webhook-id"
            case timestamp = "webhook-timestamp"
            case signature = "webhook-signature"
        }
    }

    private func cases() throws -> [Case] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "standard-webhooks", withExtension: "json", subdirectory: "Vectors"))
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url)).cases
    }

    func testBothPublishedVectorsLoad() throws {
        XCTAssertEqual(try cases().count, 2)
    }

    func testSigningEachPublishedVectorGivesItsSignatureExactly() throws {
        for vector in try cases() {
            let secret = try WebhookSecret(vector.secret)
            let timestamp = try XCTUnwrap(Int64(vector.timestamp))
            XCTAssertEqual(
                secret.signature(id: vector.id, timestamp: timestamp, body: Array(vector.body.utf8)),
                vector.signature, vector.id)
        }
    }

    func testEachPublishedVectorVerifiesAtItsOwnTimestamp() throws {
        for vector in try cases() {
            let secret = try WebhookSecret(vector.secret)
            let now = Date(timeIntervalSince1970: try XCTUnwrap(TimeInterval(vector.timestamp)))
            let headers = [
                "webhook-id": vector.id, "webhook-timestamp": vector.timestamp, "webhook-signature": vector.signature,
            ]
            XCTAssertNoThrow(try secret.verify(headers: headers, body: Array(vector.body.utf8), now: now), vector.id)
        }
    }
}
