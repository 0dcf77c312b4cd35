import FolioModel
import Postgres
import WireModel

/// What the stores of every service know about a runtime, read from the AuthService's tables (`runtimes` and
/// `runtime_sessions`) in one query: its organization and device, its SDK language, what its client can do,
/// and its session. The one read model of a runtime; nil once the runtime has shut down.
public struct RuntimeFacts: Sendable, Equatable {
    public var organizationID: String
    public var deviceID: String
    /// The SDK locale, nil when the runtime was created without one (English).
    public var locale: LocaleTag?
    /// `{webAuthn?, platform?}` as the client declared them.
    public var capabilities: JSONValue
    public var session: Session

    /// The runtime's session as the AuthService recorded it.
    public struct Session: Sendable, Equatable {
        public var identity: SessionIdentity
        public var status: SessionStatus
        /// Folio's session behind a signed-in identity.
        public var folioSessionID: String?

        public init(identity: SessionIdentity, status: SessionStatus, folioSessionID: String?) {
            self.identity = identity
            self.status = status
            self.folioSessionID = folioSessionID
        }
    }

    public init(
        organizationID: String, deviceID: String, locale: LocaleTag? = nil, capabilities: JSONValue = [:],
        session: Session
    ) {
        self.organizationID = organizationID
        self.deviceID = deviceID
        self.locale = locale
        self.capabilities = capabilities
        self.session = session
    }

    /// The SDK locale, English when none was set.
    public var localeOrEnglish: LocaleTag { locale ?? .english }

    /// Whether the client can show the passkey dialog.
    public var supportsPasskeys: Bool { capabilities["webAuthn"]?.boolValue ?? false }

    /// The device's operating system as the client declared it, nil when it did not.
    public var platform: String? { capabilities["platform"]?.stringValue }

    /// The device locale the client named at `runtime.create` (`capabilities.deviceLocale`).
    public var deviceLocale: LocaleTag? { capabilities["deviceLocale"]?.stringValue.flatMap(LocaleTag.init) }

    /// The facts of a runtime that has not shut down.
    public static func read(runtimeID: String, database: PostgresPool) async throws -> RuntimeFacts? {
        let rows = try await database.query(
            """
            SELECT r.organization_id, r.device_id, r.locale, r.capabilities, s.identity, s.status, s.folio_session_id
            FROM runtimes r JOIN runtime_sessions s ON s.runtime_id = r.id
            WHERE r.id = \(runtimeID) AND r.shut_down_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        let identity = try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text)
        let status: JSONValue = ["type": .string(try row.decode(String.self, "status"))]
        return RuntimeFacts(
            organizationID: try row.decode(String.self, "organization_id"),
            deviceID: try row.decode(String.self, "device_id"),
            locale: try row.decode(String?.self, "locale").flatMap(LocaleTag.init),
            capabilities: try JSONParser.parse(try row.decode(PostgresJSON.self, "capabilities").text),
            session: Session(
                identity: try SessionIdentity(json: identity, path: "identity"),
                status: try SessionStatus(json: status, path: "status"),
                folioSessionID: try row.decode(String?.self, "folio_session_id")))
    }
}
