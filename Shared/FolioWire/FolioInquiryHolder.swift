/// Who runs an inquiry, named when the inquiry is launched: a document the inquiry issues goes to the holder's
/// vault (docs/folio-api.md, "Issued documents").
public enum FolioInquiryHolder: Sendable, Hashable {
    /// The session's account (an AUTHENTICATED session), or its guest (a TRANSIENT one): `sessionId` in the body.
    case session(String)
    /// A guest of the inquiry's organization, as guest vaults name it: `guestId` in the body.
    case guest(String)

    /// The member of a launch body that names the holder.
    public var member: (name: String, value: String) {
        switch self {
        case .session(let id): ("sessionId", id)
        case .guest(let id): ("guestId", id)
        }
    }
}
