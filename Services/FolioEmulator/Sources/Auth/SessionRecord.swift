import FolioModel
import FolioWire
import Foundation

/// A Folio session: created when a sign-in or recovery completes, ended by sign-out, expired by
/// its lifetime or by Folio (`POST /admin/sessions/{id}/expire`).
struct SessionRecord: Sendable {
    typealias Status = FolioSessionStatus

    var id: String
    var organizationId: String
    /// `{"type": "AUTHENTICATED", ...}` or `{"type": "TRANSIENT", ...}`.
    var identity: JSONValue
    /// nil for a transient guest.
    var accountId: String?
    var deviceId: String
    var createdAt: Date
    var expiresAt: Date
    var status = Status.active
    var endedAt: Date?

    var json: JSONValue {
        [
            "id": .string(id), "organizationId": .string(organizationId), "identity": identity,
            "deviceId": .string(deviceId), "status": ["type": .string(status.rawValue)],
            "createdAt": .string(RFC3339.format(createdAt)), "expiresAt": .string(RFC3339.format(expiresAt)),
            "endedAt": endedAt.map { .string(RFC3339.format($0)) } ?? .null,
        ]
    }
}

extension AuthState {
    /// Marks every active session whose lifetime is over as expired (in id order, so feeds repeat).
    mutating func sweepSessions(now: Date) {
        for id in sessions.keys.sorted() {
            guard let session = sessions[id], session.status == .active, session.expiresAt <= now else { continue }
            finish(id, as: .expired, at: session.expiresAt)
        }
    }

    /// Ends an active session and records the change; false when it was not active.
    @discardableResult
    mutating func finish(_ id: String, as status: SessionRecord.Status, at time: Date) -> Bool {
        guard var session = sessions[id], session.status == .active else { return false }
        session.status = status
        session.endedAt = time
        sessions[id] = session
        sessionChanges.append((Int64(sessionChanges.count + 1), id))
        return true
    }

    /// The session as of `now`; 404 SESSION_NOT_FOUND when unknown.
    mutating func session(_ id: String, now: Date) throws(AuthFailure) -> SessionRecord {
        sweepSessions(now: now)
        guard let session = sessions[id] else {
            throw AuthFailure(status: 404, code: "SESSION_NOT_FOUND", message: "no session \(id)")
        }
        return session
    }

    /// A new active session of an account, as a completed sign-in makes it.
    mutating func createSession(for account: Account, deviceId: String, _ env: AuthEnvironment) -> SessionRecord {
        let session = SessionRecord(
            id: env.newID("ses"), organizationId: account.organizationId,
            identity: [
                "type": "AUTHENTICATED", "value": ["userId": .string(account.id), "email": .string(account.email)],
            ],
            accountId: account.id, deviceId: deviceId, createdAt: env.now,
            expiresAt: env.now.addingTimeInterval(Double(env.policy(account.organizationId).sessionSeconds)))
        sessions[session.id] = session
        return session
    }

    /// Changes after `sequence`, oldest first, at most `limit`.
    mutating func sessionChanges(after sequence: Int64, limit: Int, now: Date) -> [JSONValue] {
        sweepSessions(now: now)
        return sessionChanges.filter { $0.sequence > sequence }.prefix(limit).compactMap { change in
            sessions[change.sessionId].map { ["sequence": .int(change.sequence), "session": $0.json] }
        }
    }
}
