import Bus
import FolioModel
import Postgres
import WireModel

/// Runtimes and devices in PostgreSQL: create, verify a bearer token, shut down.
struct RuntimeDirectory: Sendable {
    let database: PostgresPool

    struct Created: Sendable {
        let runtimeID: String
        let token: String
        let deviceCredential: String
    }

    struct Request: Sendable {
        var organizationID: String
        var locale: LocaleTag?
        var capabilities: JSONValue
        var deviceCredential: String?
    }

    /// The runtime, its session and, for a client that presented no device credential, its device, in one
    /// statement: one trip to PostgreSQL (two for a returning device, whose credential is checked first), where a
    /// device insert and a transaction of two inserts took four.
    func create(_ request: Request) async throws -> Created {
        let (device, isNew) = try await device(for: request.deviceCredential)
        let token = SecretCredential.issue(prefix: "rt")
        let capabilities = PostgresJSON(request.capabilities.jsonString)
        let guest = PostgresJSON(
            SessionIdentity.transient(accountId: "guest_\(RandomID.base32(count: 26))").json.jsonString)
        let tokenHash = try token.hash()
        let deviceHash = isNew ? try device.hash() : nil
        // The foreign keys of one statement are checked at its end, so its parts may refer to each other. The
        // session is the identity the device's last runtime ended on, restored with status DEVICE; a new guest
        // otherwise.
        _ = try await database.execute(
            """
            WITH new_device AS (
                INSERT INTO devices (id, secret_hash) SELECT \(device.id), \(deviceHash) WHERE \(isNew)
            ), new_runtime AS (
                INSERT INTO runtimes (id, organization_id, device_id, token_hash, locale, capabilities)
                VALUES (\(token.id), \(request.organizationID), \(device.id), \(tokenHash), \(request.locale?.rawValue), \(capabilities))
            )
            INSERT INTO runtime_sessions (runtime_id, device_id, identity, status, folio_session_id)
            SELECT \(token.id), \(device.id), COALESCE(last.identity, \(guest)), 'DEVICE', last.folio_session_id
            FROM (SELECT 1) AS one
            LEFT JOIN LATERAL (
                SELECT identity, folio_session_id FROM runtime_sessions
                WHERE device_id = \(device.id) AND status <> 'EXPIRED'
                ORDER BY updated_at DESC LIMIT 1
            ) AS last ON true
            """)
        return Created(runtimeID: token.id, token: token.text, deviceCredential: device.text)
    }

    /// The device a presented credential proves, or a new device, not yet stored, when none was presented.
    private func device(for presented: String?) async throws -> (SecretCredential, isNew: Bool) {
        guard let presented else { return (SecretCredential.issue(prefix: "dev"), true) }
        guard let credential = SecretCredential(parsing: presented, prefix: "dev"),
            let row = try await database.query("SELECT secret_hash FROM devices WHERE id = \(credential.id)").first,
            credential.matches(storedHash: try row.decode([UInt8].self, "secret_hash"))
        else { throw JSONRPCError.invalidParams("deviceCredential is not a credential this service issued") }
        return (credential, false)
    }

    /// The runtime a token belongs to, or nil for an unknown or forged one. The token of a shut-down runtime
    /// still names it, marked `shutDown: true` (the Gateway refuses it, but answers `store.next` with null).
    func verify(token text: String) async throws -> JSONValue {
        guard let token = SecretCredential(parsing: text, prefix: "rt") else { return .null }
        let rows = try await database.query(
            "SELECT organization_id, device_id, token_hash, shut_down_at IS NOT NULL AS shut_down FROM runtimes WHERE id = \(token.id)"
        )
        guard let row = rows.first, token.matches(storedHash: try row.decode([UInt8].self, "token_hash")) else {
            return .null
        }
        var identity: JSONObject = [
            "runtimeId": .string(token.id), "organizationId": .string(try row.decode(String.self, "organization_id")),
            "deviceId": .string(try row.decode(String.self, "device_id")),
        ]
        if try row.decode(Bool.self, "shut_down") { identity["shutDown"] = .bool(true) }
        return .object(identity)
    }

    /// Records a running runtime's new SDK locale; false when the runtime is not running.
    func setLocale(runtimeID: String, locale: LocaleTag) async throws -> Bool {
        try await database.execute(
            "UPDATE runtimes SET locale = \(locale.rawValue) WHERE id = \(runtimeID) AND shut_down_at IS NULL") > 0
    }

    /// Marks the runtime shut down; true when it was running.
    func shutDown(runtimeID: String) async throws -> Bool {
        try await database.execute(
            "UPDATE runtimes SET shut_down_at = now() WHERE id = \(runtimeID) AND shut_down_at IS NULL") > 0
    }
}
