import CCurl

/// Worker threads, each owning one libcurl easy handle (and so one connection cache), fed from a FIFO.
///
/// Threads are started on demand up to `maxConnections` and live until ``close()``.
final class CurlWorkerPool: @unchecked Sendable {
    let configuration: HTTPClient.Configuration
    private let lock = Lock()
    private let jobAvailable = Condition()

    // Guarded by lock.
    private var queue: [CurlJob] = []
    private var head = 0
    private var workers = 0
    private var idleWorkers = 0
    private var closed = false

    init(configuration: HTTPClient.Configuration) {
        self.configuration = configuration
    }

    func submit(_ job: CurlJob) {
        enum Action { case none, spawn, reject }
        let action: Action = lock.withLock {
            guard !closed else { return .reject }
            queue.append(job)
            if idleWorkers > 0 { jobAvailable.signal() }
            // An idle worker that was signalled has not taken its job yet: it only covers as many queued jobs
            // as there are idle workers, so a job beyond them gets a worker of its own (a long poll holding one
            // worker must not hold up the next request).
            guard queue.count - head > idleWorkers else { return .none }
            guard workers < max(1, configuration.maxConnections) else { return .none }
            workers += 1
            return .spawn
        }
        switch action {
        case .none: return
        case .reject:
            job.finish(
                .failure(
                    HTTPClientError(curlCode: CURLE_FAILED_INIT, message: "client closed", tooLarge: false)))
        case .spawn:
            if !startDetachedThread({ [self] in runWorker() }) { workerFailedToStart() }
        }
    }

    /// Lets workers exit once the queue is empty.
    func close() {
        lock.withLock {
            closed = true
            jobAvailable.broadcast()
        }
    }

    private func workerFailedToStart() {
        let orphans: [CurlJob] = lock.withLock {
            workers -= 1
            guard workers == 0 else { return [] }
            defer {
                queue.removeAll()
                head = 0
            }
            return Array(queue[head...])
        }
        let error = HTTPClientError(
            curlCode: CURLE_FAILED_INIT, message: "cannot start a worker thread", tooLarge: false)
        for job in orphans { job.finish(.failure(error)) }
    }

    private func nextJob() -> CurlJob? {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if head < queue.count {
                let job = queue[head]
                head += 1
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                }
                return job
            }
            if closed {
                workers -= 1
                return nil
            }
            idleWorkers += 1
            lock.wait(on: jobAvailable)
            idleWorkers -= 1
        }
    }

    private func runWorker() {
        var easy: CurlEasy?
        while let job = nextJob() {
            if easy == nil { easy = CurlEasy() }
            guard let easy else {
                job.finish(
                    .failure(
                        HTTPClientError(
                            curlCode: CURLE_FAILED_INIT, message: "curl_easy_init failed", tooLarge: false)))
                continue
            }
            job.finish(easy.perform(job, configuration: configuration))
        }
    }
}
