import FolioModel

/// The account whose vault a runtime's session holds: a guest account (transient session) or a signed-in
/// account, read from the session's identity (`{type: 'TRANSIENT', value: {accountId}}` or
/// `{type: 'AUTHENTICATED', value: {userId, email}}`).
public struct VaultAccount: Sendable, Codable, Equatable {
    public var id: String
    public var kind: VaultSessionKind
    /// Folio's session behind a signed-in identity.
    public var folioSessionID: String?
    /// The runtime's organization, which qualifies schema names at Folio.
    public var organizationID: String?

    public init(id: String, kind: VaultSessionKind, folioSessionID: String? = nil, organizationID: String? = nil) {
        self.id = id
        self.kind = kind
        self.folioSessionID = folioSessionID
        self.organizationID = organizationID
    }

    /// The account of a session identity in its wire shape, or nil when it is not one.
    public init?(identity: JSONValue, folioSessionID: String?, organizationID: String? = nil) {
        guard let value = identity["value"] else { return nil }
        switch identity["type"]?.stringValue {
        case "TRANSIENT":
            guard let id = value["accountId"]?.stringValue, !id.isEmpty else { return nil }
            self.init(id: id, kind: .transient, organizationID: organizationID)
        case "AUTHENTICATED":
            guard let id = value["userId"]?.stringValue, !id.isEmpty else { return nil }
            self.init(id: id, kind: .authenticated, folioSessionID: folioSessionID, organizationID: organizationID)
        default:
            return nil
        }
    }
}
