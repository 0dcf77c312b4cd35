import FolioModel
import Foundation
import HTTP
import Synchronization

/// What a route handler sees: the HTTP request, the matched route and its path parameters.
struct EmulatorRequest: Sendable {
    let http: HTTPRequest
    let route: Route
    let parameters: [String: String]
    /// The body as JSON, parsed once for the handler and the idempotency fingerprint alike.
    private let parsedBody: ParsedJSONBody

    init(http: HTTPRequest, route: Route, parameters: [String: String]) {
        self.http = http
        self.route = route
        self.parameters = parameters
        parsedBody = ParsedJSONBody(http.body)
    }

    /// A path parameter of the route template (always present once the route matched).
    func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }

    /// True when a `Prefer` header (RFC 7240) asks for `return=minimal`.
    var prefersMinimalReturn: Bool {
        guard let prefer = http.headers["prefer"] else { return false }
        return prefer.split(separator: ",").contains {
            $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "return=minimal"
        }
    }

    /// The `Idempotency-Key` header, if sent.
    var idempotencyKey: String? { http.headers["idempotency-key"] }

    /// The body as JSON. An empty body, a non-JSON `Content-Type` or invalid JSON are client errors.
    func jsonBody() throws(APIError) -> JSONValue {
        guard !http.body.isEmpty else { throw .invalidRequest("a JSON body is required") }
        if let type = http.headers["content-type"],
            !type.lowercased().hasPrefix("application/json")
        {
            throw APIError(
                status: 415, code: "UNSUPPORTED_MEDIA_TYPE", message: "Content-Type must be application/json")
        }
        do {
            return try parsedBody.value.get()
        } catch {
            throw APIError(status: 400, code: "INVALID_JSON", message: error.description)
        }
    }

    /// The body parsed as JSON, or nil when it is not JSON (whatever its `Content-Type`).
    var bodyAsJSON: JSONValue? { try? parsedBody.value.get() }

    /// The body decoded as `T`; a missing or mistyped field is a 400 naming the field.
    func decodeBody<T: Decodable>(_ type: T.Type) throws(APIError) -> T {
        let value = try jsonBody()
        guard case .object = value else { throw .invalidRequest("the body must be a JSON object") }
        do {
            return try value.decode(T.self)
        } catch {
            throw .invalidRequest("\(error)")
        }
    }

    /// An integer query parameter within `range`, or `fallback` when absent.
    func queryInt(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(APIError)
        -> Int
    {
        guard let text = http.query[name], !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidRequest(
                "\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}

/// A request body parsed as JSON on first use, then kept: a route that reads the body and takes an
/// Idempotency-Key would otherwise parse a batch of a megabyte twice.
final class ParsedJSONBody: Sendable {
    private let body: [UInt8]
    private let parsed = Mutex<Result<JSONValue, JSONParseError>?>(nil)

    init(_ body: [UInt8]) { self.body = body }

    var value: Result<JSONValue, JSONParseError> {
        parsed.withLock { parsed in
            if let parsed { return parsed }
            let result = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(body) }
            parsed = result
            return result
        }
    }
}
