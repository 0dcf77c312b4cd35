/// An HTTP/1.1 server on libmicrohttpd whose handler is an async Swift function.
///
/// libmicrohttpd's polling thread reads requests; each complete request suspends its connection and runs
/// the handler in a task, so a slow handler never blocks other requests.
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration
    private let core: ServerCore

    /// Creates a stopped server; call ``start()``.
    public init(
        configuration: Configuration = .init(),
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.configuration = configuration
        core = ServerCore(configuration: configuration, handler: handler)
    }

    /// Binds and starts serving. Throws ``HTTPServerError`` if the address is bad or the port is taken.
    public func start() throws {
        try core.start()
    }

    /// The port actually bound (useful with port 0), or 0 before ``start()``.
    public var port: UInt16 {
        core.lock.withLock { core.boundPort }
    }

    /// Stops accepting connections, lets in-flight requests finish for up to
    /// ``Configuration/shutdownGracePeriod``, then closes everything (open streams are ended).
    public func shutdown() async {
        await core.shutdown()
    }

    deinit {
        core.stopDaemon()
    }
}
