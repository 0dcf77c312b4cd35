import Bus
import FolioAPI
import FolioModel
import HTTP
import Lifecycle

/// The baseline of the gateway benchmark: a bare handler on our libmicrohttpd server that answers every
/// POST with the JSON-RPC response the Gateway would return.
enum GatewayBaseline {
    static func serve(port: UInt16) async throws {
        let reply = Array(#"{"id":1,"jsonrpc":"2.0","result":"pong"}"#.utf8)
        let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: port)) { _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], body: .bytes(reply))
        }
        try server.start()
        print(#"{"ready": "gateway-baseline", "port": \#(server.port)}"#)
        _ = await ShutdownSignal.wait()
        await server.shutdown()
    }
}

/// The service side of the gateway benchmark: answers `example.ping` on the bus, so the measured path is
/// HTTP → Gateway (parse, route) → NATS → responder → NATS → Gateway → HTTP.
enum GatewayResponder {
    static func serve(natsURL: String) async throws {
        let bus = try await NATSBus.connect(
            .init(url: natsURL, name: "bench-responder", access: try NATSAccess.fromEnvironment()))
        let router = RPCRouter([ExampleStoreMethods.ping.handled { _ in "pong" }])
        let subscription = try await bus.serve(
            router, subject: BusSubjects.rpc("example"), queueGroup: BusSubjects.queueGroup("example"))
        print(#"{"ready": "gateway-responder"}"#)
        _ = await ShutdownSignal.wait()
        await subscription.cancel()
    }
}
