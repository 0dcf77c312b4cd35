/// The header names of Standard Webhooks 1.0, lower-cased as ``HTTP/HTTPRequest/headers`` keys them.
public enum WebhookHeader {
    /// The message id, the same on every retry of one message.
    public static let id = "webhook-id"
    /// When the message was signed, in whole seconds since 1970-01-01 UTC.
    public static let timestamp = "webhook-timestamp"
    /// Space-separated signatures, each `v1,` and a base64 HMAC-SHA256.
    public static let signature = "webhook-signature"
}
