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
    /// Limit for this whole request, connect included; nil uses the client's
    /// ``HTTPClient/Configuration/timeout``.
    public var timeout: Duration?
    /// Largest accepted response body in bytes for this request; nil uses the client's
    /// ``HTTPClient/Configuration/maxResponseSize``. A larger one fails with ``HTTPClientError/responseTooLarge``.
    public var maxResponseSize: Int?

    /// Creates a request.
    public init(
        method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8]? = nil,
        timeout: Duration? = nil, maxResponseSize: Int? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
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
