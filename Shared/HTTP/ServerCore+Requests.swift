import CMicroHTTPD
import CShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ServerCore {
    /// First call for a request: headers are complete, the body has not been read.
    func beginRequest(
        connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
        contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let headers = Self.values(of: connection, kind: .HEADER_KIND, lowercasingNames: true)
        let path = url.map { String(cString: $0) } ?? "/"
        let context = RequestContext(
            core: self, connection: connection, method: method.map { String(cString: $0) } ?? "",
            path: path, headers: headers, bodyLimit: configuration.bodyLimit(for: path))
        contextSlot.pointee = Unmanaged.passRetained(context).toOpaque()
        if let length = headers["content-length"], let declared = Int(length),
            declared > context.bodyLimit.maxBodySize
        {
            // Queued before the body is read, libmicrohttpd skips the "100 Continue" and closes afterwards.
            context.dispatched = true
            return queue(payloadTooLarge(context), on: connection)
        }
        if let length = headers["content-length"], let declared = Int(length), declared > 0 {
            context.body.reserveCapacity(declared)
        }
        return .YES
    }

    /// A part of the body. Past the path's `maxBodySize` the rest is read and dropped (a response cannot be
    /// queued while the body is streaming in); a client that keeps sending much more is disconnected.
    func receiveBody(_ data: UnsafeRawBufferPointer, context: RequestContext) -> MHD_Result {
        if context.bodyTooLarge {
            context.discardedBytes += data.count
            return context.discardedBytes > max(context.bodyLimit.maxBodySize, 1 << 20) ? .NO : .YES
        }
        if context.body.count + data.count > context.bodyLimit.maxBodySize {
            context.bodyTooLarge = true
            context.discardedBytes = context.body.count + data.count
            context.body = []
            return .YES
        }
        context.body.append(contentsOf: data)
        return .YES
    }

    /// The request is fully received (first time), or the connection was resumed (later times).
    func requestComplete(_ context: RequestContext) -> MHD_Result {
        let connection = context.connection
        if !context.dispatched {
            context.dispatched = true
            if context.bodyTooLarge { return queue(payloadTooLarge(context), on: connection) }
            return dispatch(context)
        }
        let response: HTTPResponse? = lock.withLock {
            defer { context.response = nil }
            return context.response
        }
        guard let response else {
            // Resumed by shutdown before the handler finished.
            return queue(Self.serviceUnavailable, on: connection)
        }
        // MHD_NO from the access handler makes libmicrohttpd close the socket without a response.
        if response.dropsConnection { return .NO }
        if case .stream = response.body {
            return queueStream(response, context: context)
        }
        return queue(response, on: connection)
    }

    /// Suspends the connection and runs the handler in a task.
    private func dispatch(_ context: RequestContext) -> MHD_Result {
        let connection = context.connection
        var request = HTTPRequest(
            method: context.method, path: context.path,
            query: Self.values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingNames: false),
            headers: context.headers, body: context.body)
        context.body = []
        var address = [CChar](repeating: 0, count: 64)
        var port: UInt16 = 0
        if folio_mhd_client_address(connection, &address, address.count, &port) == 0 {
            request.remoteAddress = String(
                decoding: address.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            request.remotePort = port
        }

        let suspended: Bool = lock.withLock {
            guard suspendLocked(context) else { return false }
            beginInFlightLocked(context)
            return true
        }
        guard suspended else { return queue(Self.serviceUnavailable, on: connection) }

        let task =
            configuration.inlinePaths.contains(context.path)
            ? Task(executorPreference: InlineExecutor.shared) { await self.respond(to: request, context) }
            : Task { await self.respond(to: request, context) }
        lock.withLock { context.task = task }
        return .YES
    }

    /// Runs the handler and hands its response to the connection; a stream is fed until it ends.
    private func respond(to request: HTTPRequest, _ context: RequestContext) async {
        let response = await handler(request)
        complete(context, with: response)
        guard case .stream(let stream) = response.body else { return }
        // Iteration ends when the producer finishes or this task is cancelled because the request
        // closed; cancellation makes AsyncStream call the producer's onTermination.
        for await chunk in stream {
            _ = push(chunk, to: context)
        }
        finishStream(context)
    }

    /// Completion callback: the connection pointer is dead from here on.
    func requestClosed(_ context: RequestContext) {
        let task: Task<Void, Never>? = lock.withLock {
            context.closed = true
            context.response = nil
            context.pending = []
            endInFlightLocked(context)
            endStreamLocked(context)
            _ = takeSuspensionLocked(context)
            defer { context.task = nil }
            return context.task
        }
        task?.cancel()
    }

    /// Content reader: hands out pending stream bytes, or suspends until more arrive.
    func readStream(_ context: RequestContext, into buffer: UnsafeMutablePointer<CChar>, max: Int)
        -> Int
    {
        lock.withLock {
            let available = context.pending.count - context.pendingOffset
            if available > 0 {
                let count = min(available, max)
                context.pending.withUnsafeBytes { bytes in
                    guard let base = bytes.baseAddress else { return }
                    UnsafeMutableRawPointer(buffer).copyMemory(
                        from: base + context.pendingOffset, byteCount: count)
                }
                context.pendingOffset += count
                if context.pendingOffset == context.pending.count {
                    context.pending.removeAll(keepingCapacity: true)
                    context.pendingOffset = 0
                } else if context.pendingOffset >= 64 << 10,
                    context.pendingOffset * 2 >= context.pending.count
                {
                    // A slow client: drop what was sent so the buffer does not only grow.
                    context.pending.removeFirst(context.pendingOffset)
                    context.pendingOffset = 0
                }
                return count
            }
            if context.streamFinished || phase != .running { return MHD_CONTENT_READER_END_OF_STREAM }
            // Returning 0 without suspending would make the polling thread spin.
            guard suspendLocked(context) else { return MHD_CONTENT_READER_END_OF_STREAM }
            return 0
        }
    }

    // MARK: Responses

    /// The 413 configured for the request's path, always closing the connection (the rest of the body is
    /// not read).
    func payloadTooLarge(_ context: RequestContext) -> HTTPResponse {
        var response = context.bodyLimit.payloadTooLargeResponse
        response.headers.append(("Connection", "close"))
        return response
    }
    static let serviceUnavailable = HTTPResponse(
        status: 503, headers: [("Content-Type", "text/plain"), ("Connection", "close")],
        text: "shutting down")
    static let internalError = HTTPResponse(
        status: 500, headers: [("Content-Type", "text/plain")], text: "invalid response")

    /// Queues a fixed-body response; called on the MHD thread inside the access handler.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        guard case .bytes(let body) = response.body else { return .NO }
        let created = body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let created else { return .NO }
        return finishQueue(created, response, on: connection)
    }

    private func queueStream(_ response: HTTPResponse, context: RequestContext) -> MHD_Result {
        let retained = Unmanaged.passRetained(context).toOpaque()
        guard
            let created = MHD_create_response_from_callback(
                UInt64.max,  // MHD_SIZE_UNKNOWN
                16 << 10, streamReaderCallback, retained, streamReaderFreeCallback)
        else {
            Unmanaged<RequestContext>.fromOpaque(retained).release()
            return .NO
        }
        return finishQueue(created, response, on: context.connection)
    }

    private func finishQueue(
        _ created: OpaquePointer, _ response: HTTPResponse, on connection: OpaquePointer
    )
        -> MHD_Result
    {
        defer { MHD_destroy_response(created) }
        var valid = (100...999).contains(response.status)
        for (name, value) in response.headers where valid {
            if name.utf8.count == 14, name.lowercased() == "content-length" { continue }
            valid = MHD_add_response_header(created, name, value) == .YES
        }
        if valid, lock.withLock({ phase == .draining || phase == .stopping }) {
            valid = MHD_add_response_header(created, "Connection", "close") == .YES
        }
        guard valid else {
            guard case .bytes = response.body else { return .NO }
            return queue(Self.internalError, on: connection)
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    // MARK: Request values

    private final class ValueCollector {
        var values: [String: String] = [:]
        let lowercasingNames: Bool
        init(lowercasingNames: Bool) { self.lowercasingNames = lowercasingNames }
    }

    /// Headers (`.HEADER_KIND`) or query arguments (`.GET_ARGUMENT_KIND`) of the request.
    static func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasingNames: Bool)
        -> [String: String]
    {
        let collector = ValueCollector(lowercasingNames: lowercasingNames)
        _ = withExtendedLifetime(collector) {
            MHD_get_connection_values_n(
                connection, kind,
                { cls, kind, key, keySize, value, valueSize in
                    guard let cls, let key else { return .YES }
                    let collector = Unmanaged<ValueCollector>.fromOpaque(cls).takeUnretainedValue()
                    var name = String(
                        decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                    if collector.lowercasingNames { name = name.lowercased() }
                    let text =
                        value.map {
                            String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self)
                        }
                        ?? ""
                    if kind == .HEADER_KIND, let previous = collector.values[name] {
                        collector.values[name] = previous + ", " + text
                    } else {
                        collector.values[name] = text
                    }
                    return .YES
                }, Unmanaged.passUnretained(collector).toOpaque())
        }
        return collector.values
    }
}
