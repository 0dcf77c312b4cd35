import CCurl

/// An error from ``HTTPClient/send(_:)``.
public struct HTTPClientError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case timeout
        case connectionFailed
        case connectionDropped
        case responseTooLarge
        case invalidURL
        case curl(Int)
    }

    private let code: Code
    /// libcurl's message, when there is one.
    public let detail: String

    private init(_ code: Code, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    /// The request did not finish within the configured timeout.
    public static var timeout: Self { .init(.timeout) }
    /// The host could not be resolved or refused the connection.
    public static var connectionFailed: Self { .init(.connectionFailed) }
    /// The connection broke before a complete response arrived (empty reply, reset).
    public static var connectionDropped: Self { .init(.connectionDropped) }
    /// The response body exceeded the configured maximum.
    public static var responseTooLarge: Self { .init(.responseTooLarge) }
    /// The URL is malformed or not http/https.
    public static var invalidURL: Self { .init(.invalidURL) }
    /// Any other libcurl failure, by `CURLcode`.
    public static func curl(_ code: Int) -> Self { .init(.curl(code)) }

    /// The underlying `CURLcode` for ``curl(_:)`` errors.
    public var curlCode: Int? {
        if case .curl(let value) = code { return value }
        return nil
    }

    /// Compares the kind of error only, not the detail.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    public var description: String {
        let base: String
        switch code {
        case .timeout: base = "HTTP request timed out"
        case .connectionFailed: base = "HTTP connection failed"
        case .connectionDropped: base = "HTTP connection dropped"
        case .responseTooLarge: base = "HTTP response too large"
        case .invalidURL: base = "invalid URL"
        case .curl(let value): base = "libcurl error \(value)"
        }
        return detail.isEmpty ? base : "\(base): \(detail)"
    }

    /// Maps a failed transfer to an error. `tooLarge` is set when our write callback refused the body.
    init(curlCode result: CURLcode, message: String, tooLarge: Bool) {
        switch result {
        case CURLE_OPERATION_TIMEDOUT: self.init(.timeout, message)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self.init(.connectionFailed, message)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            self.init(.connectionDropped, message)
        case CURLE_FILESIZE_EXCEEDED: self.init(.responseTooLarge, message)
        case CURLE_WRITE_ERROR where tooLarge: self.init(.responseTooLarge, message)
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL: self.init(.invalidURL, message)
        default: self.init(.curl(Int(result.rawValue)), message)
        }
    }
}
