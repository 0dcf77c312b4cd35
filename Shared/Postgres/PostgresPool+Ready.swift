extension PostgresPool {
    /// Waits until the server accepts connections, retrying with backoff (50 ms doubling to
    /// 1 s), for services that start before PostgreSQL is up.
    ///
    /// Throws ``PostgresError/Kind/timeout`` with the last connection error when `timeout` runs out.
    public func waitUntilReady(timeout: Duration = .seconds(30)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var delay = Duration.milliseconds(50)
        while true {
            do {
                _ = try await query("SELECT 1")
                return
            } catch let error as PostgresError where error.kind == .connectionFailed {
                let now = clock.now
                guard now < deadline else {
                    throw PostgresError.timeout("PostgreSQL not ready after \(timeout): \(error.message)")
                }
                try await Task.sleep(for: min(delay, deadline - now))
                delay = min(delay * 2, .seconds(1))
            }
        }
    }
}
