extension PostgresPool {
    /// Starts `LISTEN channel` on a dedicated connection and thread and returns its notifications.
    ///
    /// Returns once the server has confirmed the `LISTEN`, so a `NOTIFY` sent afterwards is
    /// delivered. After a lost connection the listener reconnects and listens again by itself.
    /// `channel` must be a plain identifier (letters, digits, `_`); it is case-sensitive.
    public func listen(_ channel: String) async throws -> PostgresNotifications {
        try Self.checkChannel(channel)
        let (stream, continuation) = AsyncStream.makeStream(
            of: PostgresNotification.self, bufferingPolicy: .unbounded)
        let registry = listeners
        let listener = PostgresListener(
            url: url, channel: channel, continuation: continuation,
            onExit: { registry.remove($0) })
        continuation.onTermination = { [weak listener] _ in listener?.stop() }
        guard registry.add(listener) else {
            continuation.finish()
            throw PostgresError.poolClosed
        }
        try await listener.start()
        return PostgresNotifications(stream: stream, subscription: .init(listener: listener))
    }

    /// Sends a notification with `SELECT pg_notify($1, $2)`.
    public func notify(channel: String, payload: String = "") async throws {
        try Self.checkChannel(channel)
        _ = try await query("SELECT pg_notify(\(channel), \(payload))")
    }

    private static func checkChannel(_ channel: String) throws {
        guard PostgresIdentifier.isPlain(channel) else {
            throw PostgresError.queryFailed(
                sqlState: "42602",
                message: "invalid channel name \"\(channel)\": use letters, digits and _ (at most 63)")
        }
    }
}
