import CPostgres

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresConnection {
    /// Blocking: returns pending notifications, waiting up to `timeoutMilliseconds` for the socket
    /// to become readable. Throws ``PostgresError/Kind/connectionFailed`` when the connection is lost.
    func waitForNotificationsBlocking(timeoutMilliseconds: Int32) throws -> [PostgresNotification] {
        let handle = try usableHandle()
        var received = Self.drainNotifications(handle)
        guard received.isEmpty else { return received }
        let socket = PQsocket(handle)
        guard socket >= 0 else {
            markBroken()
            throw PostgresError.connectionFailed("the connection has no socket")
        }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, timeoutMilliseconds)
        if ready < 0 {
            guard errno == EINTR else {
                markBroken()
                throw PostgresError.connectionFailed("poll failed with errno \(errno)")
            }
            return []
        }
        if ready > 0 {
            guard PQconsumeInput(handle) == 1 else {
                markBroken()
                throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
            }
            received = Self.drainNotifications(handle)
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            markBroken()
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        return received
    }

    private static func drainNotifications(_ handle: OpaquePointer) -> [PostgresNotification] {
        var received: [PostgresNotification] = []
        while let notify = PQnotifies(handle) {
            let channel = notify.pointee.relname.map { String(cString: $0) } ?? ""
            let payload = notify.pointee.extra.map { String(cString: $0) } ?? ""
            received.append(
                PostgresNotification(channel: channel, payload: payload, processID: notify.pointee.be_pid))
            PQfreemem(notify)
        }
        return received
    }
}
