import FolioModel
import WireModel

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

    /// The account a session identity holds.
    public init(identity: SessionIdentity, folioSessionID: String?, organizationID: String? = nil) {
        switch identity {
        case .transient:
            self.init(id: identity.accountID, kind: .transient, organizationID: organizationID)
        case .authenticated:
            self.init(
                id: identity.accountID, kind: .authenticated, folioSessionID: folioSessionID,
                organizationID: organizationID)
        }
    }
}
