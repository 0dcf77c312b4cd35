/// A fault injected into the next calls of one route (see `POST /admin/faults`).
///
/// Each call of the route uses up one of `count`: it waits `delayMs` (if set), then drops the connection
/// (`drop`), answers `status` with the standard error body, or, with neither, answers normally.
/// With `afterHandler` the route runs first and its answer is then delayed, dropped or replaced: the
/// change happened but the caller never learns it (the case idempotency keys exist for).
public struct EmulatorFault: Sendable, Equatable, Codable {
    /// Assigned by the emulator.
    public var id: String?
    /// The route key, `METHOD /template`, e.g. `GET /v1/organizations/{organizationId}`.
    public var route: String
    /// How many calls the fault applies to.
    public var count: Int
    /// Calls left (reported by the emulator).
    public var remaining: Int?
    /// Delay before answering, in milliseconds.
    public var delayMs: Int?
    /// Status to answer with (400...599).
    public var status: Int?
    /// Close the connection without an answer.
    public var drop: Bool?
    /// The error code for `status` (default: derived from the status, e.g. 503 → `UNAVAILABLE`).
    public var code: String?
    /// `retryAfterSeconds` of the error body and `Retry-After` header for `status`.
    public var retryAfterSeconds: Int?
    /// Run the route first, then apply the fault to its answer.
    public var afterHandler: Bool?

    /// Creates a fault description.
    public init(
        route: String, count: Int = 1, delayMs: Int? = nil, status: Int? = nil, drop: Bool? = nil,
        code: String? = nil, retryAfterSeconds: Int? = nil, afterHandler: Bool? = nil
    ) {
        self.route = route
        self.count = count
        self.delayMs = delayMs
        self.status = status
        self.drop = drop
        self.code = code
        self.retryAfterSeconds = retryAfterSeconds
        self.afterHandler = afterHandler
    }
}
