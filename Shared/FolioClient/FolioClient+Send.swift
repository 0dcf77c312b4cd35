import FolioModel
import FolioWire
import Foundation

extension FolioClient {
    /// Sends `body` as JSON to `path` (starting with `/`, query included) and decodes the answer.
    ///
    /// `idempotencyKey` is required by Folio on every POST that creates something; reuse the same key
    /// when retrying the same call.
    public func send<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body?, idempotencyKey: String? = nil,
        as type: Response.Type = Response.self
    ) async throws(FolioClientError) -> Response {
        try await call(FolioCall(method, path, encoding: body, idempotencyKey: idempotencyKey))
    }

    /// Sends a call without a body and decodes the answer.
    public func send<Response: Decodable>(
        _ method: String, _ path: String, idempotencyKey: String? = nil,
        as type: Response.Type = Response.self
    ) async throws(FolioClientError) -> Response {
        try await call(FolioCall(method, path, idempotencyKey: idempotencyKey))
    }

    /// Sends `json` (or no body) and returns the answer as a ``JSONValue`` (`null` for an empty answer).
    public func send(
        _ method: String, _ path: String, json: JSONValue?, idempotencyKey: String? = nil
    ) async throws(FolioClientError) -> JSONValue {
        try await callJSON(FolioCall(method, path, body: json, idempotencyKey: idempotencyKey))
    }

    /// Percent-encodes one path segment (an id), so any opaque id is safe in a URL.
    public static func pathSegment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    /// Builds `?name=value&...` from the non-nil values, or an empty string.
    static func query(_ items: [(String, String?)]) -> String {
        let pairs = items.compactMap { name, value in
            value.map { "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: unreserved) ?? $0)" }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
