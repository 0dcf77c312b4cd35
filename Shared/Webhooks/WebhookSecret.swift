import Crypto

/// A Standard Webhooks 1.0 symmetric signing secret: `whsec_` followed by the base64 of a 24 to 64 byte key.
public struct WebhookSecret: Sendable, CustomStringConvertible {
    /// What every secret starts with.
    public static let prefix = "whsec_"
    /// The key lengths the standard allows, in bytes.
    public static let keyLengths = 24...64

    let key: [UInt8]

    /// Parses `whsec_<base64>`; anything else (another prefix, base64url, missing padding, a key
    /// shorter than 24 or longer than 64 bytes) is refused.
    public init(_ text: String) throws(WebhookSecretError) {
        let prefix = Array(Self.prefix.utf8)
        guard text.utf8.starts(with: prefix) else { throw .missingPrefix }
        let encoded = String(decoding: text.utf8.dropFirst(prefix.count), as: UTF8.self)
        let key: [UInt8]
        do {
            key = try Base64.decode(encoded)
        } catch {
            throw .malformedBase64
        }
        guard Self.keyLengths.contains(key.count) else { throw .keyLength(key.count) }
        self.key = key
    }

    /// The `webhook-signature` value for a message: `v1,` and the base64 of
    /// HMAC-SHA256(key, "`id`.`timestamp`.`body`").
    public func signature(id: String, timestamp: Int64, body: [UInt8]) -> String {
        "v1," + Base64.encode(mac(id: id, timestamp: String(timestamp), body: body))
    }

    /// HMAC-SHA256 over the signed content; `timestamp` exactly as it appears in the header.
    func mac(id: String, timestamp: String, body: [UInt8]) -> [UInt8] {
        HMAC.sha256(key: key, message: Array("\(id).\(timestamp).".utf8) + body)
    }

    /// Never the key.
    public var description: String { "WebhookSecret(redacted)" }
}
