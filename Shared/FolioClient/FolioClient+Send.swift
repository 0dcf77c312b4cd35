import FolioModel
import Foundation
import HTTP

extension FolioClient {
    /// Sends `body` as JSON to `path` (starting with `/`, query included) and decodes the answer.
    ///
    /// `idempotencyKey` is required by Folio on every POST that creates something; reuse the same key
    /// when retrying the same call.
    public func send<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body?, idempotencyKey: String? = nil,
        as type: Response.Type = Response.self
    ) async throws(FolioClientError) -> Response {
        var bytes: [UInt8]?
        if let body {
            do {
                bytes = Array(try FolioJSON.encoder().encode(body))
            } catch {
                throw .malformedResponse("cannot encode the request body: \(error)")
            }
        }
        let response = try await exchange(method, path, body: bytes, idempotencyKey: idempotencyKey)
        return try decode(response, as: Response.self)
    }

    /// Sends a call without a body and decodes the answer.
    public func send<Response: Decodable>(
        _ method: String, _ path: String, idempotencyKey: String? = nil,
        as type: Response.Type = Response.self
    ) async throws(FolioClientError) -> Response {
        let response = try await exchange(method, path, body: nil, idempotencyKey: idempotencyKey)
        return try decode(response, as: Response.self)
    }

    /// Sends `json` (or no body) and returns the answer as a ``JSONValue`` (`null` for an empty answer).
    public func send(
        _ method: String, _ path: String, json: JSONValue?, idempotencyKey: String? = nil
    ) async throws(FolioClientError) -> JSONValue {
        let response = try await exchange(
            method, path, body: json?.serialized(), idempotencyKey: idempotencyKey)
        guard !response.body.isEmpty else { return .null }
        do {
            return try JSONParser.parse(response.body, maxDepth: 256)
        } catch {
            throw .malformedResponse("\(method) \(path): \(error)")
        }
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

    /// Sends the request; a non-2xx status becomes ``FolioClientError/api(status:code:message:retryAfterSeconds:)``.
    private func exchange(
        _ method: String, _ path: String, body: [UInt8]?, idempotencyKey: String?
    ) async throws(FolioClientError) -> HTTPClientResponse {
        var headers = [
            "Authorization": "Bearer \(configuration.apiKey)", "Accept": "application/json",
            "User-Agent": "FolioClient",
        ]
        if body != nil { headers["Content-Type"] = "application/json" }
        if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
        let request = HTTPClientRequest(
            method: method, url: baseURL + path, headers: headers, body: body)
        let response = try await transfer(request)
        guard response.body.count <= configuration.maxResponseSize else {
            throw .malformedResponse("\(method) \(path): answer larger than \(configuration.maxResponseSize) bytes")
        }
        guard (200..<300).contains(response.status) else {
            throw Self.apiError(response)
        }
        return response
    }

    /// Reads the standard error body; an answer without it (e.g. from a proxy) keeps its status with code
    /// `HTTP_<status>`.
    static func apiError(_ response: HTTPClientResponse) -> FolioClientError {
        let headerRetry = response.headers["retry-after"].flatMap { Int($0) }
        if let body = try? JSONParser.parse(response.body), let error = body["error"],
            let code = error["code"]?.stringValue
        {
            return .api(
                status: response.status, code: code, message: error["message"]?.stringValue ?? "",
                retryAfterSeconds: error["retryAfterSeconds"]?.intValue.map { Int($0) } ?? headerRetry)
        }
        let text = String(decoding: response.body.prefix(200), as: UTF8.self)
        return .api(
            status: response.status, code: "HTTP_\(response.status)", message: text,
            retryAfterSeconds: headerRetry)
    }

    private func decode<Response: Decodable>(_ response: HTTPClientResponse, as type: Response.Type)
        throws(FolioClientError) -> Response
    {
        do {
            return try FolioJSON.decoder().decode(Response.self, from: Data(response.body))
        } catch {
            throw .malformedResponse("cannot decode \(Response.self): \(error)")
        }
    }
}
