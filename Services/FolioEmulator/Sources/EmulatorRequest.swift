import FolioModel
import HTTP

/// What a route handler sees: the HTTP request, the matched route and its path parameters.
struct EmulatorRequest: Sendable {
    let http: HTTPRequest
    let route: Route
    let parameters: [String: String]

    /// A path parameter of the route template (always present once the route matched).
    func parameter(_ name: String) -> String {
        parameters[name] ?? ""
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
            return try JSONParser.parse(http.body)
        } catch {
            throw APIError(status: 400, code: "INVALID_JSON", message: error.description)
        }
    }

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
