import Bus
import FolioModel
import HTTP
import Synchronization

extension HTTPResponse {
    static let jsonContentType = ("Content-Type", "application/json")

    /// A JSON body.
    static func json(_ status: Int, _ body: JSONValue, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [jsonContentType] + headers, body: .bytes(body.serialized()))
    }

    /// Serialized JSON bytes.
    static func json(_ status: Int, bytes: [UInt8], headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [jsonContentType] + headers, body: .bytes(bytes))
    }

    /// A JSON-RPC error response with id null, for failures outside any one request.
    static func rpcError(_ status: Int, _ error: JSONRPCError, headers: [(String, String)] = []) -> HTTPResponse {
        json(status, JSONRPCResponse(id: .null, error: error).json, headers: headers)
    }

    static func text(_ status: Int, _ text: String, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")] + headers, text: text)
    }

    static let notFound = HTTPResponse.text(404, "not found\n")

    static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        .rpcError(405, .invalidRequest("use \(allowed)"), headers: [("Allow", allowed)])
    }

    /// The HTTP status that stands for a JSON-RPC error outside `/rpc` (SSE setup).
    static func status(for error: JSONRPCError) -> Int {
        switch error.folioCode {
        case .unauthorized?: 401
        case .unknownStore?: 404
        case .storeClosed?, .runtimeShutDown?: 410
        case .rateLimited?: 429
        case .payloadTooLarge?: 413
        case .serviceUnavailable?, .databaseUnavailable?: 503
        case .busTimeout?: 504
        case nil: error.code == -32602 || error.code == -32600 ? 400 : 502
        }
    }
}

/// Reading what a request says about its caller.
enum RequestHeaders {
    /// The token of an `Authorization: Bearer <token>` header.
    static func bearerToken(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = String(parts[1]).trimmed(" \t")
        return token.isEmpty ? nil : token
    }

    /// Whether a `Content-Type` names JSON (`application/json`, `application/json-rpc`, `…+json`).
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        if contentType == "application/json" { return true }
        let trimmed = mediaType(contentType)
        return trimmed == "application/json" || trimmed == "application/json-rpc"
            || (trimmed.hasPrefix("application/") && trimmed.hasSuffix("+json"))
    }

    /// Whether a `Content-Type` is `application/octet-stream` (parameters allowed).
    static func isOctetStream(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        return mediaType(contentType) == "application/octet-stream"
    }

    /// The media type of a `Content-Type`, lowercased, without its parameters.
    private static func mediaType(_ contentType: String) -> String {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { String($0) } ?? ""
        return mediaType.trimmed(" \t").lowercased()
    }

    /// The client's `X-Request-Id` when it is 1–128 visible ASCII characters, else a new random id.
    static func requestID(_ header: String?) -> String {
        if let header, (1...128).contains(header.utf8.count), header.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) {
            return header
        }
        return newRequestID()
    }

    /// Random per process, so ids of different Gateways do not collide.
    private static let processPrefix = RandomID.base32(count: 10)
    private static let counter = Atomic<UInt64>(0)

    /// `<process prefix>-<sequence number>`: unique without a system call per request.
    static func newRequestID() -> String {
        let sequence = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return processPrefix + "-" + String(sequence, radix: 36)
    }
}

extension String {
    fileprivate func trimmed(_ set: String) -> String {
        let characters = Set(set)
        guard let first = firstIndex(where: { !characters.contains($0) }),
            let last = lastIndex(where: { !characters.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
