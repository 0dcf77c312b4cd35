import HTTP
import Metrics
import Synchronization

/// The HTTP port of a service process's own metrics (`FOLIO_METRICS_HOST`, `FOLIO_METRICS_PORT`):
/// `GET /metrics` in the Prometheus text format and `GET /healthz`, which answers 200 `ok` while the service is
/// up (started and not stopping) and 503 otherwise.
public final class MetricsServer: Sendable {
    /// Where the service is in its life, as `/healthz` tells it.
    public enum Phase: String, Sendable {
        case starting, running, stopping
    }

    /// Shared with the server's handler.
    private final class PhaseBox: Sendable {
        let phase = Mutex(Phase.starting)
    }

    private let server: HTTPServer
    private let box: PhaseBox

    /// Binds `host:port` (0 picks a free port) and serves `registry`; throws when the port cannot be bound.
    public init(host: String, port: UInt16, registry: MetricsRegistry) throws {
        let box = PhaseBox()
        self.box = box
        server = HTTPServer(
            configuration: .init(
                host: host, port: port, maxBodySize: 1 << 10, connectionLimit: 64, shutdownGracePeriod: .seconds(1))
        ) { request in
            Self.answer(request, registry: registry, phase: box.phase.withLock { $0 })
        }
        try server.start()
    }

    /// The port bound.
    public var port: UInt16 { server.port }

    /// Tells `/healthz` where the service is.
    public func enter(_ phase: Phase) {
        box.phase.withLock { $0 = phase }
    }

    public func shutdown() async {
        await server.shutdown()
    }

    static func answer(_ request: HTTPRequest, registry: MetricsRegistry, phase: Phase) -> HTTPResponse {
        let text = [("Content-Type", "text/plain; charset=utf-8")]
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(status: 405, headers: text + [("Allow", "GET, HEAD")], text: "method not allowed\n")
        }
        switch request.path {
        case "/metrics":
            return HTTPResponse(
                status: 200, headers: [("Content-Type", MetricsRegistry.contentType)], text: registry.exposition())
        case "/healthz":
            return phase == .running
                ? HTTPResponse(status: 200, headers: text, text: "ok\n")
                : HTTPResponse(status: 503, headers: text, text: "\(phase.rawValue)\n")
        default:
            return HTTPResponse(status: 404, headers: text, text: "not found\n")
        }
    }
}
