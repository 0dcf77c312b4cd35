import Crypto
import FolioModel
import Foundation
import WireModel
import Webhooks

/// A mapper the operator runs behind an HTTPS endpoint: the store POSTs `{type: "identity.map", data:
/// {identity, existing}}` signed as Standard Webhooks specifies and saves the `{schema, version, payload}` the
/// endpoint answers (docs/operations.md "Identity record mappers"). A failure, a timeout, an answer over the
/// limit or one that is no record body is a mapping error with its reason.
public struct WebhookIdentityMapper: IdentityRecordMapper {
    let settings: WebhookMapperSettings
    let secret: WebhookSecret
    let client: WebhookClient

    public init(_ settings: WebhookMapperSettings, client: WebhookClient = WebhookClient()) throws {
        self.settings = settings
        secret = try WebhookSecret(settings.secret)
        self.client = client
    }

    /// The body of the webhook for an identity and the existing body.
    static func body(identity: VerifiedIdentity, existing: RecordContent?) -> [UInt8] {
        let message: JSONValue = [
            "type": "identity.map", "data": ["identity": identity.json, "existing": existing?.json ?? .null],
        ]
        return message.serialized()
    }

    public func map(identity: VerifiedIdentity, existing: RecordContent?) async throws(IdentityMappingError)
        -> RecordContent
    {
        let body = Self.body(identity: identity, existing: existing)
        // The same identity and existing body make the same message id: a save that resumes sends it again.
        let id = "msg_" + Hex.encode(Array(SHA256.hash(body).prefix(16)))
        let answer: [UInt8]
        do {
            answer = try await client.send(
                url: settings.url, secret: secret, id: id, body: body,
                timeout: .milliseconds(settings.timeoutMilliseconds), maxAnswerBytes: settings.maxAnswerBytes,
                now: Date())
        } catch {
            throw IdentityMappingError("the identity record mapper at \(settings.url) failed: \(error)")
        }
        do {
            return try RecordContent(json: try JSONParser.parse(answer), path: "answer")
        } catch {
            throw IdentityMappingError("the identity record mapper at \(settings.url) answered no record body: \(error)")
        }
    }
}
