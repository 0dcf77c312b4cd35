import FolioModel
import HTTP

extension HTTPResponse {
    /// A JSON response.
    static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = [])
        -> HTTPResponse
    {
        HTTPResponse(
            status: status, headers: [("Content-Type", "application/json")] + headers,
            body: .bytes(value.serialized()))
    }
}
