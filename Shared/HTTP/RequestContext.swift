import CMicroHTTPD

/// State of one request on one libmicrohttpd connection, from its headers until the completion callback.
///
/// The `MHD thread` fields are only touched inside libmicrohttpd callbacks for this request (always on the
/// same thread); the rest is guarded by `core.lock` because handler and stream tasks touch it too.
final class RequestContext: @unchecked Sendable {
    let core: ServerCore
    let connection: OpaquePointer

    // MHD thread.
    let method: String
    let path: String
    let headers: [String: String]
    /// The body limit of this request's path.
    let bodyLimit: HTTPServer.BodyLimit
    var body: [UInt8] = []
    var bodyTooLarge = false
    var discardedBytes = 0
    var dispatched = false

    // Guarded by core.lock.
    /// The handler's response, waiting for the access handler to queue it after resume.
    var response: HTTPResponse?
    /// The connection is suspended by us and nobody has resumed it yet.
    var suspended = false
    /// libmicrohttpd reported completion: the connection pointer must not be used any more.
    var closed = false
    /// Counted in `ServerCore.inFlight` (handler running or fixed body being sent).
    var countsInFlight = false
    /// Runs the handler, then feeds a stream body; cancelled on completion.
    var task: Task<Void, Never>?
    /// Stream bytes not yet handed to libmicrohttpd, from `pendingOffset` on.
    var pending: [UInt8] = []
    var pendingOffset = 0
    var streamFinished = false
    /// The handler returned a stream body (counted in `ServerCore.openStreams`).
    var streaming = false

    init(
        core: ServerCore, connection: OpaquePointer, method: String, path: String,
        headers: [String: String], bodyLimit: HTTPServer.BodyLimit
    ) {
        self.core = core
        self.connection = connection
        self.method = method
        self.path = path
        self.headers = headers
        self.bodyLimit = bodyLimit
    }
}
