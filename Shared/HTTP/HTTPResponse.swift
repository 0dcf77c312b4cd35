/// The body of an ``HTTPResponse``.
public enum HTTPBody: Sendable {
    /// A complete body, sent with a `Content-Length`.
    case bytes([UInt8])
    /// A body written chunk by chunk as the stream yields (chunked transfer encoding), e.g. for
    /// Server-Sent Events. The response ends when the stream finishes. If the client goes away or the
    /// server shuts down, the server stops iterating, which calls the stream's `onTermination` with
    /// `.cancelled`: producers should stop there. A disconnect is only noticed when the server next
    /// writes, so long-lived streams should yield a heartbeat now and then.
    case stream(AsyncStream<[UInt8]>)
}

/// A response returned by an ``HTTPServer`` handler.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Response headers in order; names may repeat. `Content-Length` is computed by the server and ignored here.
    public var headers: [(String, String)]
    /// The response body.
    public var body: HTTPBody
    /// Set only by ``dropConnection``: the server closes the connection instead of answering.
    var dropsConnection = false

    /// Creates a response with headers in order.
    public init(status: Int, headers: [(String, String)] = [], body: HTTPBody = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Creates a response from a header dictionary.
    public init(status: Int, headers: [String: String], body: HTTPBody = .bytes([])) {
        self.init(status: status, headers: headers.map { ($0.key, $0.value) }, body: body)
    }

    /// Creates a response with a UTF-8 text body.
    public init(status: Int, headers: [(String, String)] = [], text: String) {
        self.init(status: status, headers: headers, body: .bytes(Array(text.utf8)))
    }

    /// A marker response: the server closes the connection without sending any response, as a crashed
    /// or unreachable upstream would (clients see an empty reply). Used for fault injection in tests.
    public static var dropConnection: HTTPResponse {
        var response = HTTPResponse(status: 500)
        response.dropsConnection = true
        return response
    }

    /// True for ``dropConnection``.
    public var isDropConnection: Bool { dropsConnection }
}
