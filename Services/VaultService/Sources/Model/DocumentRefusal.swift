import FolioModel

/// Why the VaultService refuses a call of the DocumentReceiver (`vaultinternal.receiveIssuedDocument`) or the
/// read of a document photo (`attachment.getBytes` with a `docphoto.` reference). None of them is retryable.
/// Wire: `-32602` `Invalid params` with `data` `{"type": "IDENTITY_CHANGED", "value": {"message": …}}`, the
/// shape of a VaultError; `REFUSED_BY_FOLIO` carries Folio's `code` beside the message.
enum DocumentRefusal: Error, Equatable {
    /// The runtime's session holds another account than the one the caller works for: a sign-in or a sign-out
    /// happened since. The caller stops.
    case identityChanged(message: String)
    /// The invite carries no issuance id: an ordinary share, which is never accepted here.
    case notAnIssuedDocument(message: String)
    /// Folio knows no such invite for this account (404).
    case inviteNotFound(message: String)
    /// The invite was rejected, or revoked before it was accepted: it can no longer be accepted.
    case inviteClosed(message: String)
    /// The invite is accepted, but its record is not an active record of the vault after the fetch (its body did
    /// not open, or the issuer deleted it).
    case recordNotStored(message: String)
    /// The session's vault reaches no vault at Folio (a signed-in identity without Folio's session, a guest
    /// without an organization).
    case noFolioVault(message: String)
    /// A photo reference listed by an earlier session (the runtime signed in or out since).
    case earlierSession(message: String)
    /// A photo reference whose record is not an active document, or whose body has no such photo.
    case photoNotFound(message: String)
    /// Folio refused a call for a reason that waiting does not change (a 4xx other than 429), with its code.
    case folioRefused(message: String, code: String)

    var wireType: String {
        switch self {
        case .identityChanged: "IDENTITY_CHANGED"
        case .notAnIssuedDocument: "NOT_AN_ISSUED_DOCUMENT"
        case .inviteNotFound: "INVITE_NOT_FOUND"
        case .inviteClosed: "INVITE_CLOSED"
        case .recordNotStored: "RECORD_NOT_STORED"
        case .noFolioVault: "NO_FOLIO_VAULT"
        case .earlierSession: "EARLIER_SESSION"
        case .photoNotFound: "PHOTO_NOT_FOUND"
        case .folioRefused: "REFUSED_BY_FOLIO"
        }
    }

    var message: String {
        switch self {
        case .identityChanged(let message), .notAnIssuedDocument(let message), .inviteNotFound(let message),
            .inviteClosed(let message), .recordNotStored(let message), .noFolioVault(let message),
            .earlierSession(let message), .photoNotFound(let message), .folioRefused(let message, _):
            message
        }
    }

    var json: JSONValue {
        var value: JSONObject = ["message": .string(message)]
        if case .folioRefused(_, let code) = self { value["code"] = .string(code) }
        return ["type": .string(wireType), "value": .object(value)]
    }
}
