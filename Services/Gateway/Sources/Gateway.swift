import Bus
import FolioAPI
import FolioModel
import HTTP
import Lifecycle
import Synchronization

/// The HTTP edge: JSON-RPC 2.0 over `POST /rpc` forwarded over the bus, preview frames at `POST /frames`,
/// SSE at `/events`, the OpenRPC document, health, readiness and metrics (docs/gateway.md).
public final class Gateway: Sendable {
    public let configuration: GatewayConfiguration
    public let metrics: GatewayMetrics
    /// The cache in front of the token verifier; the runtime shutdown event drops from it.
    public let tokenCache: CachingTokenVerifier
    public let rateLimiter: RateLimiter
    private let transport: any BusTransport
    private let server: HTTPServer
    private let logger: Logger
    private let subscription = Mutex<(any BusSubscription)?>(nil)

    /// Where services announce that a runtime shut down (payload `{"runtimeId": "..."}`).
    public static let runtimeShutdownSubject = RuntimeShutDown.subject()

    /// Creates a stopped gateway; call ``start()``. Without `tokenVerifier` tokens are verified by the
    /// AuthService over the bus. Either way positive answers are cached for `tokenCacheTTL`. `openRPC` is the
    /// document `rpc.discover` and `GET /openrpc.json` answer (the executable passes the one with every store's
    /// schemas).
    public init(
        configuration: GatewayConfiguration, transport: any BusTransport, tokenVerifier: (any TokenVerifier)? = nil,
        logger: Logger? = nil, openRPC: JSONValue = OpenRPC.document()
    ) {
        self.configuration = configuration
        self.transport = transport
        let logger = logger ?? Logger(service: "gateway", minimumLevel: configuration.logLevel)
        self.logger = logger
        let metrics = GatewayMetrics()
        self.metrics = metrics
        let client = BusClient(
            transport: MeteredTransport(base: transport, metrics: metrics), timeout: configuration.busTimeout)
        tokenCache = CachingTokenVerifier(
            tokenVerifier ?? BusTokenVerifier(client: client), ttl: configuration.tokenCacheTTL,
            capacity: configuration.tokenCacheCapacity)
        rateLimiter = RateLimiter(rate: configuration.rateLimit, burst: configuration.rateBurst)
        let handler = GatewayHandler(
            configuration: configuration, client: client, verifier: tokenCache, limiter: rateLimiter, metrics: metrics,
            logger: logger, readiness: { (transport as? any BusReadiness)?.isBusReady ?? true },
            busMaxPayload: { (transport as? NATSBus)?.maxPayload ?? 0 }, openRPC: openRPC)
        server = HTTPServer(
            configuration: HTTPServer.Configuration(
                host: configuration.host, port: configuration.port,
                maxBodySize: configuration.maxBodyBytes,
                shutdownGracePeriod: configuration.shutdownGracePeriod,
                payloadTooLargeResponse: .rpcError(
                    413, .folio(.payloadTooLarge, "the body is larger than \(configuration.maxBodyBytes) bytes")),
                bodyLimits: [
                    "/frames": HTTPServer.BodyLimit(
                        maxBodySize: PreviewFrame.maxBodyBytes,
                        payloadTooLargeResponse: .rpcError(
                            413,
                            .folio(.payloadTooLarge, "a frame is at most \(PreviewFrame.maxBodyBytes) bytes")))
                ], tls: configuration.tls,
                // A JSON-RPC call waits on the bus and does little else; frames are decoded and analysed.
                inlinePaths: ["/rpc"]),
            handler: { request in await handler.handle(request) })
    }

    /// Subscribes to runtime shutdown events, then binds and serves.
    public func start() async throws {
        let tokenCache = self.tokenCache
        let events = try await transport.subscribe(RuntimeShutDown.self, delivery: .concurrent) { event in
            tokenCache.drop(runtimeId: event.runtimeID)
        }
        subscription.withLock { $0 = events }
        do {
            try server.start()
        } catch {
            await stopListening()
            throw error
        }
        if let root = configuration.staticRoot {
            logger.info("serving static files", ["root": root])
        }
        logger.info(
            "gateway listening",
            ["host": configuration.host, "port": String(port), "scheme": configuration.tls == nil ? "http" : "https"])
    }

    /// The bound port (useful with port 0), or 0 before ``start()``.
    public var port: UInt16 { server.port }

    /// Stops accepting connections, lets in-flight requests finish (up to the grace period), then stops
    /// listening to the bus.
    public func shutdown() async {
        await server.shutdown()
        await stopListening()
        logger.info("gateway stopped")
    }

    private func stopListening() async {
        let events = subscription.withLock { subscription in
            defer { subscription = nil }
            return subscription
        }
        await events?.cancel()
    }
}
