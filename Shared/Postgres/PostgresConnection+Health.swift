import CPostgres
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresConnection {
    /// Blocking: whether an idle connection is still usable, checked without a round trip. Call on `queue`.
    ///
    /// After a server restart an idle socket has the server's goodbye and EOF waiting on it, while
    /// `PQstatus` still says OK; reading what is pending (without blocking) reveals that.
    func isAliveBlocking() -> Bool {
        guard let handle, !isClosed, PQstatus(handle) == CONNECTION_OK else {
            markBroken()
            return false
        }
        let socket = PQsocket(handle)
        guard socket >= 0 else {
            markBroken()
            return false
        }
        // A few rounds: the goodbye message and the EOF can arrive as separate reads.
        for _ in 0..<4 {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 0)
            if ready < 0 {
                if errno == EINTR { continue }
                markBroken()
                return false
            }
            if ready == 0 { break }
            guard PQconsumeInput(handle) == 1 else {
                markBroken()
                return false
            }
            _ = PQisBusy(handle)  // parses what arrived
            while let notification = PQnotifies(handle) { PQfreemem(notification) }
            guard PQstatus(handle) == CONNECTION_OK, !goodbye.current else {
                markBroken()
                return false
            }
        }
        return true
    }
}
