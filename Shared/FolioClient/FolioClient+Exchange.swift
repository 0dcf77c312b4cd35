import FolioModel
import FolioWire
import HTTP

extension FolioClient {
    /// The one HTTP exchange every call goes through: sends `call` with the client's token, checks the answer's
    /// size and status, and turns an error answer into a ``FolioAPIError`` read from Folio's error body.
    func exchange(_ call: FolioCall) async throws(FolioAPIError) -> HTTPClientResponse {
        var headers = ["Authorization": "Bearer \(configuration.apiKey)", "User-Agent": "FolioClient"]
        if call.acceptsJSON { headers["Accept"] = "application/json" }
        headers.merge(call.headers) { _, own in own }
        if call.body != nil { headers["Content-Type"] = "application/json" }
        if let idempotencyKey = call.idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
        let request = HTTPClientRequest(
            method: call.method, url: baseURL + call.path, headers: headers, body: call.body?.serialized(),
            maxResponseSize: call.maxResponseSize)
        let response = try await observedTransfer(request, call)
        if call.maxResponseSize == nil, response.body.count > configuration.maxResponseSize {
            throw .malformedResponse(
                "\(call.method) \(call.path): answer larger than \(configuration.maxResponseSize) bytes")
        }
        guard (200..<300).contains(response.status) else {
            throw FolioAPIError(
                status: response.status, body: response.body, retryAfterHeader: response.headers["retry-after"])
        }
        return response
    }

    /// Sends `call` and reads the answer with ``JSONParser`` into `Response`'s wire shape.
    func call<Response: Decodable>(_ call: FolioCall, as type: Response.Type = Response.self)
        async throws(FolioAPIError) -> Response
    {
        let json = try await callJSON(call)
        do {
            return try FolioWireJSON.decode(Response.self, from: json)
        } catch {
            throw .malformedResponse("\(call.method) \(call.path): cannot decode \(Response.self): \(error)")
        }
    }

    /// Sends `call` and parses the answer (`null` for an empty one).
    func callJSON(_ call: FolioCall) async throws(FolioAPIError) -> JSONValue {
        let response = try await exchange(call)
        guard !response.body.isEmpty else { return .null }
        do {
            return try JSONParser.parse(response.body, maxDepth: Self.maxAnswerDepth)
        } catch {
            throw .malformedResponse("\(call.method) \(call.path): \(error)")
        }
    }

    /// Nesting Folio's answers never reach; Foundation's decoder, used before, stopped at 512 too.
    static let maxAnswerDepth = 512
}
