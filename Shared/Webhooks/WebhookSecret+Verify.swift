import Crypto
import Foundation

extension WebhookSecret {
    /// How far a message's timestamp may be from now, either way, by default: 5 minutes.
    public static let defaultTolerance: Duration = .seconds(300)

    /// Checks a received message: `webhook-id`, `webhook-timestamp` and `webhook-signature` are present
    /// (names in any case), the timestamp is whole seconds within `tolerance` of `now` either way, and
    /// one of the space-separated `v1,` signatures is this secret's signature of `body`, compared in
    /// constant time. Signatures of other versions are skipped.
    public func verify(
        headers: [String: String], body: [UInt8], now: Date = Date(), tolerance: Duration = defaultTolerance
    ) throws(WebhookVerificationError) {
        let id = try Self.header(WebhookHeader.id, in: headers)
        let timestampText = try Self.header(WebhookHeader.timestamp, in: headers)
        let signatures = try Self.header(WebhookHeader.signature, in: headers)
        guard timestampText.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let timestamp = Int64(timestampText)
        else { throw .malformedTimestamp }
        let offset = now.timeIntervalSince1970 - Double(timestamp)
        let (seconds, attoseconds) = tolerance.components
        guard abs(offset) <= Double(seconds) + Double(attoseconds) / 1e18 else {
            throw .timestampOutOfTolerance
        }
        let expected = mac(id: id, timestamp: timestampText, body: body)
        var matched = false
        for entry in signatures.split(separator: " ") where entry.hasPrefix("v1,") {
            guard let candidate = try? Base64.decode(String(entry.dropFirst(3))) else { continue }
            // Every candidate is compared, so timing does not tell which one matched.
            if ConstantTime.equals(candidate, expected) { matched = true }
        }
        guard matched else { throw .noMatchingSignature }
    }

    private static func header(_ name: String, in headers: [String: String]) throws(WebhookVerificationError)
        -> String
    {
        let value = headers[name] ?? headers.first(where: { $0.key.lowercased() == name })?.value
        guard let value, !value.isEmpty else { throw .missingHeader(name) }
        return value
    }
}
