import ServiceKit
import WireModel

/// Who an inquiry is launched for: the holder Folio offers the completed inquiry's issuance to
/// (docs/folio-api.md, "Offering an issuance"). Read from the runtime's session when the launch code is about to
/// be exchanged, sent with the exchange, and kept in the store's state for IssuanceOffered.
public enum InquiryHolder: Codable, Hashable, Sendable {
    /// A signed-in account, which the launch names by its Folio session (`sessionId`).
    case account(userId: String, folioSessionId: String)
    /// The runtime's guest (a transient session), which the launch names by its account id (`guestId`), as guest
    /// vaults name it.
    case guest(accountId: String)

    /// The holder a launch names for the runtime's session: a transient session's guest account, a signed-in
    /// identity's Folio session. Nil for a signed-in identity Folio would refuse as a holder: no Folio session
    /// recorded, or one Folio ended (status EXPIRED).
    public init?(_ session: RuntimeFacts.Session) {
        switch session.identity {
        case .transient(let accountId):
            self = .guest(accountId: accountId)
        case .authenticated(let userId, _):
            guard let folioSessionId = session.folioSessionID, session.status != .expired else { return nil }
            self = .account(userId: userId, folioSessionId: folioSessionId)
        }
    }

    /// The account (or guest) the issuance is for: the `accountId` of IssuanceOffered, the id VaultAccount gives
    /// the session's vault.
    public var accountId: String {
        switch self {
        case .account(let userId, _): userId
        case .guest(let accountId): accountId
        }
    }
}
