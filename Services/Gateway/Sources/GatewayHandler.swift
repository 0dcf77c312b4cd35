import Bus
import FolioAPI
import FolioModel
import HTTP
import Lifecycle

/// Answers every HTTP request of the Gateway. Kept apart from ``Gateway`` so the server's handler does
/// not hold the object that owns the server.
final class GatewayHandler: Sendable {
    let configuration: GatewayConfiguration
    let client: BusClient
    let verifier: CachingTokenVerifier
    let limiter: RateLimiter
    let metrics: GatewayMetrics
    let logger: Logger
    let readiness: @Sendable () -> Bool
    /// The largest message the bus takes (nats-server's `max_payload`); 0 when unknown or unlimited.
    let busMaxPayload: @Sendable () -> Int
    let staticFiles: StaticFiles?
    /// The public methods by name.
    let methods: [String: RPCMethodSpec]
    let openRPC: JSONValue
    let openRPCBytes: [UInt8]

    init(
        configuration: GatewayConfiguration, client: BusClient, verifier: CachingTokenVerifier, limiter: RateLimiter,
        metrics: GatewayMetrics, logger: Logger, readiness: @escaping @Sendable () -> Bool,
        busMaxPayload: @escaping @Sendable () -> Int = { 0 }, openRPC: JSONValue = OpenRPC.document()
    ) {
        self.configuration = configuration
        self.client = client
        self.verifier = verifier
        self.limiter = limiter
        self.metrics = metrics
        self.logger = logger
        self.readiness = readiness
        self.busMaxPayload = busMaxPayload
        staticFiles = configuration.staticRoot.map { StaticFiles(root: $0) }
        methods = Dictionary(FolioAPI.methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.openRPC = openRPC
        openRPCBytes = openRPC.serialized()
    }

    /// Handles one request: request id, in-flight gauge, routing, and one log line.
    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let started = ContinuousClock.now
        let requestID = RequestHeaders.requestID(request.headers["x-request-id"])
        metrics.requestStarted()
        var (response, rpcMethods) = await route(request)
        metrics.requestFinished()
        let duration = ContinuousClock.now - started
        if request.path == "/rpc" || request.path == "/frames" { metrics.observeDuration(duration) }
        response.headers.append(("X-Request-Id", requestID))
        let level = Self.logLevel(path: request.path, status: response.status)
        guard level >= logger.minimumLevel else { return response }
        var fields = [
            "http_method": request.method, "path": request.path, "status": String(response.status),
            "duration_ms": String((duration.inSeconds * 1_000_000).rounded() / 1000),
            "request_id": requestID, "remote": request.remoteAddress,
        ]
        if !rpcMethods.isEmpty {
            fields["rpc_methods"] = rpcMethods.prefix(20).map { String($0.prefix(64)) }.joined(separator: ",")
        }
        logger.log(level, "http request", fields)
        return response
    }

    /// Probes log at debug so they do not drown the rest; server-side failures log as warnings.
    static func logLevel(path: String, status: Int) -> Logger.Level {
        if status >= 500 { return .warning }
        return ["/healthz", "/readyz", "/metrics"].contains(path) ? .debug : .info
    }

    private func route(_ request: HTTPRequest) async -> (HTTPResponse, [String]) {
        let isRead = request.method == "GET" || request.method == "HEAD"
        switch request.path {
        case "/healthz":
            return (isRead ? .text(200, "ok\n") : .methodNotAllowed("GET"), [])
        case "/readyz":
            guard isRead else { return (.methodNotAllowed("GET"), []) }
            return (readiness() ? .text(200, "ready\n") : .text(503, "bus not connected\n"), [])
        case "/metrics":
            guard isRead else { return (.methodNotAllowed("GET"), []) }
            let headers = [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")]
            return (HTTPResponse(status: 200, headers: headers, text: metrics.prometheusText()), [])
        case "/rpc":
            guard request.method == "POST" else { return (.methodNotAllowed("POST"), []) }
            let token = RequestHeaders.bearerToken(request.headers["authorization"])
            if let refused = rateLimit(request, token: token) { return (refused, []) }
            return await handleRPC(request, token: token)
        case "/frames":
            guard request.method == "POST" else { return (.methodNotAllowed("POST"), []) }
            let token = RequestHeaders.bearerToken(request.headers["authorization"])
            if let refused = rateLimit(request, token: token) { return (refused, []) }
            return await handleFrame(request, token: token)
        case "/openrpc.json":
            guard isRead else { return (.methodNotAllowed("GET"), []) }
            if let refused = rateLimit(request, token: nil) { return (refused, []) }
            return (.json(200, bytes: openRPCBytes), [])
        case "/events":
            guard isRead else { return (.methodNotAllowed("GET"), []) }
            let token = RequestHeaders.bearerToken(request.headers["authorization"]) ?? request.query["token"]
            if let refused = rateLimit(request, token: token) { return (refused, []) }
            return (await handleEvents(request, token: token), [])
        case "/qr.svg":
            guard isRead else { return (.methodNotAllowed("GET"), []) }
            if let refused = rateLimit(request, token: nil) { return (refused, []) }
            return (Self.qrCode(request.query["data"]), [])
        default:
            guard let staticFiles, isRead else { return (.notFound, []) }
            if let refused = rateLimit(request, token: nil) { return (refused, []) }
            return (await staticFiles.response(for: request.path), [])
        }
    }

    /// `GET /qr.svg?data=<text>`: the QR code of the text as SVG, or 400.
    static func qrCode(_ data: String?) -> HTTPResponse {
        let bytes = Array((data ?? "").utf8)
        switch QRCodeSVG.modules(bytes) {
        case .success(let modules):
            return HTTPResponse(
                status: 200,
                headers: [("Content-Type", "image/svg+xml; charset=utf-8"), ("Cache-Control", "no-store")]
                    + StaticFiles.securityHeaders,
                text: QRCodeSVG.svg(modules))
        case .failure(.invalidSize(let size)):
            return .text(
                400, "data must be 1–\(QRCodeSVG.dataSizes.upperBound) bytes, not \(size)\n",
                headers: StaticFiles.securityHeaders)
        case .failure(.encodingFailed(let code)):
            return .text(400, "the data does not fit a QR code (errno \(code))\n", headers: StaticFiles.securityHeaders)
        }
    }

    /// The 429 response when the client (its token, else its address) has used up its bucket.
    private func rateLimit(_ request: HTTPRequest, token: String?) -> HTTPResponse? {
        let key = token.map { "token " + $0 } ?? "address " + request.remoteAddress
        let decision = limiter.acquire(key)
        guard !decision.allowed else { return nil }
        metrics.recordRateLimited()
        let (seconds, attoseconds) = decision.retryAfter.components
        let retryAfter = max(1, seconds + (attoseconds > 0 ? 1 : 0))
        return .rpcError(
            429, .folio(.rateLimited, "retry after \(retryAfter) s"), headers: [("Retry-After", String(retryAfter))])
    }

    /// Checks a bearer token: the caller's identity, or the error to answer.
    func authenticate(_ token: String?) async -> Result<RuntimeIdentity, JSONRPCError> {
        let identified = await identify(token)
        if case .success(let identity) = identified, identity.shutDown { return .failure(Self.shutDownToken) }
        return identified
    }

    /// A genuine token of a runtime that has shut down: it opens nothing.
    static let shutDownToken = JSONRPCError.folio(.unauthorized, "the runtime has shut down")

    /// Whose the token is, a shut-down runtime's too (``RuntimeIdentity/shutDown``); only `POST /rpc` looks
    /// at those (`store.next` answers null), every other path uses ``authenticate(_:)``.
    func identify(_ token: String?) async -> Result<RuntimeIdentity, JSONRPCError> {
        guard let token else { return .failure(.folio(.unauthorized, "missing Authorization: Bearer token")) }
        do {
            guard let identity = try await verifier.verify(token) else {
                return .failure(.folio(.unauthorized, "unknown or expired token"))
            }
            return .success(identity)
        } catch {
            return .failure(Self.rpcError(error))
        }
    }

    /// The JSON-RPC form of any error thrown by a bus call or a verifier.
    static func rpcError(_ error: any Error) -> JSONRPCError {
        switch error {
        case let error as JSONRPCError: error
        case let error as any RPCErrorConvertible: error.rpcError
        default: .internalError(String(describing: error))
        }
    }
}
