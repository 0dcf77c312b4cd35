/// An HTTP client on libcurl. Requests run on a few dedicated threads, each reusing one easy handle so
/// connections stay open between requests; callers just `await`.
public final class HTTPClient: Sendable {
    /// The configuration the client was created with.
    public let configuration: Configuration
    private let pool: CurlWorkerPool

    /// Creates a client; worker threads start with the first requests.
    public init(configuration: Configuration = .init()) {
        self.configuration = configuration
        pool = CurlWorkerPool(configuration: configuration)
    }

    /// Sends a request and returns the complete response (any status code is a response, not an error).
    /// Throws ``HTTPClientError``, or `CancellationError` if the calling task is cancelled.
    public func send(_ request: HTTPClientRequest) async throws -> HTTPClientResponse {
        let job = CurlJob(request: request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if job.attach(continuation) { pool.submit(job) }
            }
        } onCancel: {
            job.cancel()
        }
    }

    deinit {
        pool.close()
    }
}
