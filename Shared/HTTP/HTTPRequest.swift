/// An HTTP request received by ``HTTPServer``, with its body fully read.
public struct HTTPRequest: Sendable {
    /// The request method as sent, e.g. `GET`.
    public var method: String
    /// The percent-decoded path, without the query string.
    public var path: String
    /// Query parameters, percent-decoded; a repeated name keeps its last value.
    public var query: [String: String]
    /// Request headers keyed by lower-cased name; repeated headers are joined with `", "`.
    public var headers: [String: String]
    /// The request body.
    public var body: [UInt8]
    /// The client's numeric IP address.
    public var remoteAddress: String
    /// The client's TCP port.
    public var remotePort: UInt16

    /// Creates a request; the server builds these, tests and routers may too.
    public init(
        method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
        body: [UInt8] = [], remoteAddress: String = "", remotePort: UInt16 = 0
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.remotePort = remotePort
    }
}
