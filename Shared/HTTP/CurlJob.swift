/// One ``HTTPClient/send(_:)`` call waiting for, or running on, a worker thread.
final class CurlJob: @unchecked Sendable {
    let request: HTTPClientRequest
    private let lock = Lock()
    private var continuation: CheckedContinuation<HTTPClientResponse, any Error>?
    private var cancelled = false

    init(request: HTTPClientRequest) {
        self.request = request
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Attaches the waiting caller. Returns false (and fails the caller) if the task was already cancelled.
    func attach(_ continuation: CheckedContinuation<HTTPClientResponse, any Error>) -> Bool {
        let alreadyCancelled: Bool = lock.withLock {
            if !cancelled { self.continuation = continuation }
            return cancelled
        }
        if alreadyCancelled { continuation.resume(throwing: CancellationError()) }
        return !alreadyCancelled
    }

    /// Asks the worker to abort; the transfer's progress callback sees it.
    func cancel() { lock.withLock { cancelled = true } }

    /// Resumes the caller exactly once.
    func finish(_ result: Result<HTTPClientResponse, any Error>) {
        let waiting: CheckedContinuation<HTTPClientResponse, any Error>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
    }
}
