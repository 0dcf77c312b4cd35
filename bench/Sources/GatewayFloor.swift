import CMicroHTTPD
import CShims
import Lifecycle

/// The floor of the gateway benchmark: the least any gateway that goes through NATS can do on this host.
/// libmicrohttpd with a thread per connection answers each POST with the reply of a blocking libnats request
/// to a libnats responder (``RawNATSBaseline``): C calls only, no parsing, no routing, no Swift tasks.
enum GatewayFloor {
    static func serve(port: UInt16, natsURL: String) async throws {
        let nats = try RawNATSBaseline(url: natsURL, subject: "bench.gateway-floor")
        var startError: Int32 = 0
        let flags = MHD_USE_THREAD_PER_CONNECTION.rawValue | MHD_USE_INTERNAL_POLLING_THREAD.rawValue
        guard
            let daemon = folio_mhd_start(
                flags, port, "127.0.0.1", floorAccessHandler, Unmanaged.passUnretained(nats).toOpaque(),
                nil, nil, 1024, 60, 32 << 10, 1, nil, nil, &startError)
        else { throw BenchError("the floor's libmicrohttpd did not start on port \(port) (\(startError))") }
        print(#"{"ready": "gateway-floor", "port": \#(port)}"#)
        _ = await ShutdownSignal.wait()
        MHD_stop_daemon(daemon)
        withExtendedLifetime(nats) {}
    }
}

/// Reads the body away, then answers with the responder's reply (502 when the request failed).
private func floorAccessHandler(
    _ closure: UnsafeMutableRawPointer?, _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?, _ requestSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let closure, let connection, let uploadDataSize, let requestSlot else { return .NO }
    if requestSlot.pointee == nil {
        requestSlot.pointee = UnsafeMutableRawPointer(bitPattern: 1)  // headers seen; the body comes next
        return .YES
    }
    if uploadDataSize.pointee > 0 {
        uploadDataSize.pointee = 0
        return .YES
    }
    let nats = Unmanaged<RawNATSBaseline>.fromOpaque(closure).takeUnretainedValue()
    let reply = nats.reply(to: floorRequest)
    let status: UInt32 = reply == nil ? 502 : 200
    let body = reply ?? []
    let response = body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(
            bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let response else { return .NO }
    defer { MHD_destroy_response(response) }
    _ = MHD_add_response_header(response, "Content-Type", "application/json")
    return MHD_queue_response(connection, status, response)
}

private let floorRequest = Array(#"{"jsonrpc":"2.0","id":1,"method":"example.ping"}"#.utf8)
