/// A request sent by ``HTTPClient``.
public struct HTTPClientRequest: Sendable {
    /// The method, e.g. `GET` or `POST`.
    public var method: String
    /// An absolute `http` or `https` URL.
    public var url: String
    /// Headers to send; `Content-Length` is set from the body.
    public var headers: [String: String]
    /// The body, or nil for none.
    public var body: [UInt8]?

    /// Creates a request.
    public init(
        method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8]? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response received by ``HTTPClient``.
public struct HTTPClientResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers keyed by lower-cased name; repeated headers are joined with `", "`.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
