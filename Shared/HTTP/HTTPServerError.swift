/// An error from starting an ``HTTPServer``.
public struct HTTPServerError: Error, Equatable, CustomStringConvertible {
    private enum Code: Equatable {
        case invalidAddress
        case startFailed
        case alreadyStarted
        case invalidConfiguration
    }

    private let code: Code
    /// Details, e.g. the address or the errno text.
    public let detail: String

    private init(_ code: Code, _ detail: String = "") {
        self.code = code
        self.detail = detail
    }

    /// The host is not an IPv4 or IPv6 literal.
    public static var invalidAddress: Self { .init(.invalidAddress) }
    /// libmicrohttpd could not start (e.g. the port is taken).
    public static var startFailed: Self { .init(.startFailed) }
    /// ``HTTPServer/start()`` was called twice, or after shutdown.
    public static var alreadyStarted: Self { .init(.alreadyStarted) }
    /// A configuration value is out of range.
    public static var invalidConfiguration: Self { .init(.invalidConfiguration) }

    static func invalidAddress(_ host: String) -> Self { .init(.invalidAddress, host) }
    static func startFailed(_ detail: String) -> Self { .init(.startFailed, detail) }
    static func invalidConfiguration(_ detail: String) -> Self {
        .init(.invalidConfiguration, detail)
    }

    /// Compares the kind of error only, not the detail.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    public var description: String {
        let base: String
        switch code {
        case .invalidAddress: base = "invalid bind address"
        case .startFailed: base = "HTTP server failed to start"
        case .alreadyStarted: base = "HTTP server already started"
        case .invalidConfiguration: base = "invalid HTTP server configuration"
        }
        return detail.isEmpty ? base : "\(base): \(detail)"
    }
}
