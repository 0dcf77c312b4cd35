import FolioModel
import FolioWire

/// One request to Folio as FolioClient's exchange sends it: the method, the path (query included), the JSON
/// body and the headers of the call's access (inquiry token, vault session or guest).
struct FolioCall: Sendable {
    var method: String
    /// Starts with `/`; ids in it are percent-encoded with ``FolioClient/pathSegment(_:)``.
    var path: String
    var body: JSONValue?
    /// Headers besides the ones every call sends (token, JSON, Idempotency-Key).
    var headers: [String: String] = [:]
    /// Required by Folio on every POST that creates something; the same on every retry of one operation.
    var idempotencyKey: String?
    /// False for a download, whose answer is not JSON.
    var acceptsJSON = true
    /// The largest answer this call takes instead of the client's ``FolioClient/Configuration/maxResponseSize``
    /// (a download's); a larger one fails with ``FolioAPIError/responseTooLarge``.
    var maxResponseSize: Int?

    init(
        _ method: String, _ path: String, body: JSONValue? = nil, headers: [String: String] = [:],
        idempotencyKey: String? = nil
    ) {
        self.method = method
        self.path = path
        self.body = body
        self.headers = headers
        self.idempotencyKey = idempotencyKey
    }

    /// A call whose body is `body` in its wire shape (nil: no body).
    init<Body: Encodable>(
        _ method: String, _ path: String, encoding body: Body?, headers: [String: String] = [:],
        idempotencyKey: String? = nil
    ) throws(FolioAPIError) {
        var json: JSONValue?
        if let body {
            do {
                json = try FolioWireJSON.encode(body)
            } catch {
                throw .malformedResponse("cannot encode the request body: \(error)")
            }
        }
        self.init(method, path, body: json, headers: headers, idempotencyKey: idempotencyKey)
    }
}
