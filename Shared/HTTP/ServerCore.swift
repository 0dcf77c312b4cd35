import CMicroHTTPD
import CShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared state behind ``HTTPServer``: the daemon, the suspended connections and the in-flight count.
///
/// libmicrohttpd calls back into this object on its polling thread; handler tasks call back from the
/// cooperative pool. Everything mutable is guarded by `lock`. `MHD_suspend_connection` is the only
/// libmicrohttpd call made while holding it (it must not race with the resume bookkeeping).
final class ServerCore: @unchecked Sendable {
    enum Phase {
        case idle, running, draining, stopping, stopped
    }

    let configuration: HTTPServer.Configuration
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    let lock = Lock()

    // Guarded by lock.
    private(set) var phase = Phase.idle
    private var daemon: OpaquePointer?
    private var quiescedSocket: Int32 = -1
    private(set) var boundPort: UInt16 = 0
    private var suspendedContexts: [ObjectIdentifier: RequestContext] = [:]
    private(set) var inFlight = 0
    private var openStreams = 0
    /// The PEM text handed to libmicrohttpd, freed when the daemon stops.
    private var tlsMemory: [UnsafeMutablePointer<CChar>] = []

    init(
        configuration: HTTPServer.Configuration,
        handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
    ) {
        self.configuration = configuration
        self.handler = handler
    }

    // MARK: Lifecycle

    func start() throws {
        let config = configuration
        guard config.maxBodySize >= 0, config.bodyLimits.values.allSatisfy({ $0.maxBodySize >= 0 }),
            config.connectionLimit > 0, config.threadCount > 0, config.connectionMemoryLimit > 0
        else {
            throw HTTPServerError.invalidConfiguration("limits must be positive")
        }
        try lock.withLock {
            guard phase == .idle else { throw HTTPServerError.alreadyStarted }
            var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
            flags |= MHD_USE_EPOLL.rawValue
            var startError: Int32 = 0
            // libmicrohttpd reads the PEM text while it starts; it is kept until the daemon stops all the same.
            let certificate = config.tls.map { strdup($0.certificatePEM) } ?? nil
            let key = config.tls.map { strdup($0.privateKeyPEM) } ?? nil
            tlsMemory = [certificate, key].compactMap { $0 }
            let timeoutSeconds = max(0, (config.connectionTimeout.milliseconds + 999) / 1000)
            let started = folio_mhd_start(
                flags, config.port, config.host,
                accessHandlerCallback, Unmanaged.passUnretained(self).toOpaque(),
                requestCompletedCallback, Unmanaged.passUnretained(self).toOpaque(),
                UInt32(clamping: config.connectionLimit), UInt32(clamping: timeoutSeconds),
                config.connectionMemoryLimit, UInt32(clamping: config.threadCount), certificate, key, &startError)
            guard let started else {
                let startErrno = errno
                freeTLSMemoryLocked()
                if startError == FOLIO_MHD_START_BAD_ADDRESS {
                    throw HTTPServerError.invalidAddress(config.host)
                }
                if startError == FOLIO_MHD_START_NO_TLS {
                    throw HTTPServerError.invalidConfiguration("this libmicrohttpd was built without TLS")
                }
                let reason = String(cString: strerror(startErrno))
                if config.tls != nil {
                    throw HTTPServerError.startFailed(
                        "\(config.host):\(config.port) over TLS (are the certificate and key a matching PEM pair?): \(reason)"
                    )
                }
                throw HTTPServerError.startFailed("\(config.host):\(config.port): \(reason)")
            }
            let port = folio_mhd_bound_port(started)
            guard port != 0 else {
                MHD_stop_daemon(started)
                freeTLSMemoryLocked()
                throw HTTPServerError.startFailed("cannot read the bound port")
            }
            daemon = started
            boundPort = port
            phase = .running
        }
    }

    /// Stops accepting, waits for in-flight requests up to the grace period, then stops the daemon.
    func shutdown() async {
        let draining: OpaquePointer? = lock.withLock {
            guard phase == .running, let daemon else { return nil }
            phase = .draining
            return daemon
        }
        guard let draining else {
            await waitUntilStopped()
            return
        }
        let socket = MHD_quiesce_daemon(draining)
        // Idle streams are woken so their content reader sees the drain and ends them cleanly.
        let idleStreams: [RequestContext] = lock.withLock {
            quiescedSocket = socket
            return suspendedContexts.values.filter { $0.streaming && takeSuspensionLocked($0) }
        }
        for context in idleStreams { MHD_resume_connection(context.connection) }

        let deadline = ContinuousClock.now.advanced(by: configuration.shutdownGracePeriod)
        while lock.withLock({ inFlight + openStreams }) > 0, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        await runOnDedicatedThread { [self] in stopDaemon() }
    }

    private func waitUntilStopped() async {
        while true {
            let phase = lock.withLock { self.phase }
            if phase == .stopped || phase == .idle { return }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Resumes every suspended connection (libmicrohttpd refuses to stop otherwise) and stops the daemon.
    /// Blocks until the polling thread has exited.
    func stopDaemon() {
        let taken: (OpaquePointer, [RequestContext], Int32)? = lock.withLock {
            guard phase != .stopping, phase != .stopped, let daemon else { return nil }
            phase = .stopping
            let contexts = Array(suspendedContexts.values)
            for context in contexts { context.suspended = false }
            suspendedContexts.removeAll()
            return (daemon, contexts, quiescedSocket)
        }
        guard let (daemon, contexts, socket) = taken else { return }
        for context in contexts { MHD_resume_connection(context.connection) }
        MHD_stop_daemon(daemon)
        if socket >= 0 { close(socket) }
        lock.withLock {
            self.daemon = nil
            quiescedSocket = -1
            phase = .stopped
            freeTLSMemoryLocked()
        }
    }

    private func freeTLSMemoryLocked() {
        for pointer in tlsMemory { free(pointer) }
        tlsMemory = []
    }

    // MARK: Suspension bookkeeping (call with lock held)

    /// Suspends the request's connection unless the daemon is stopping. Must run on the MHD thread.
    func suspendLocked(_ context: RequestContext) -> Bool {
        guard phase != .stopping, phase != .stopped, !context.closed else { return false }
        context.suspended = true
        suspendedContexts[ObjectIdentifier(context)] = context
        MHD_suspend_connection(context.connection)
        return true
    }

    /// Takes over the duty to resume the connection; the caller must call `MHD_resume_connection` after
    /// unlocking when this returns true. A suspended connection cannot be freed, so the pointer stays valid.
    func takeSuspensionLocked(_ context: RequestContext) -> Bool {
        guard context.suspended else { return false }
        context.suspended = false
        suspendedContexts[ObjectIdentifier(context)] = nil
        return true
    }

    func beginInFlightLocked(_ context: RequestContext) {
        guard !context.countsInFlight else { return }
        context.countsInFlight = true
        inFlight += 1
    }

    func endInFlightLocked(_ context: RequestContext) {
        if context.countsInFlight {
            context.countsInFlight = false
            inFlight -= 1
        }
    }

    func endStreamLocked(_ context: RequestContext) {
        if context.streaming {
            context.streaming = false
            openStreams -= 1
        }
    }

    // MARK: Called from handler tasks

    /// Hands the handler's response to the connection and wakes it up.
    func complete(_ context: RequestContext, with response: HTTPResponse) {
        let resume: Bool = lock.withLock {
            guard !context.closed else { return false }
            context.response = response
            if case .stream = response.body {
                // Streams are counted apart: shutdown ends them instead of waiting for the producer.
                endInFlightLocked(context)
                context.streaming = true
                openStreams += 1
            }
            return takeSuspensionLocked(context)
        }
        if resume { MHD_resume_connection(context.connection) }
    }

    /// Queues stream bytes for the content reader. Returns false once the request is gone.
    func push(_ chunk: [UInt8], to context: RequestContext) -> Bool {
        guard !chunk.isEmpty else { return true }
        let (open, resume): (Bool, Bool) = lock.withLock {
            guard !context.closed else { return (false, false) }
            context.pending.append(contentsOf: chunk)
            return (true, takeSuspensionLocked(context))
        }
        if resume { MHD_resume_connection(context.connection) }
        return open
    }

    /// Marks the stream as ended so the content reader finishes the response.
    func finishStream(_ context: RequestContext) {
        let resume: Bool = lock.withLock {
            guard !context.closed else { return false }
            context.streamFinished = true
            return takeSuspensionLocked(context)
        }
        if resume { MHD_resume_connection(context.connection) }
    }
}
