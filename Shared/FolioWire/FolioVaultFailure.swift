import Foundation

/// Why Folio refused a vault call: the `code` of the error body as a value to switch on.
/// docs/folio-api.md ("Vault", "Errors") lists status and meaning of each.
public enum FolioVaultErrorCode: String, Sendable, Hashable, CustomStringConvertible {
    case sessionRequired = "SESSION_REQUIRED"
    case sessionNotFound = "SESSION_NOT_FOUND"
    case sessionExpired = "SESSION_EXPIRED"
    /// A TRANSIENT session: a guest's vault stays on the device's backend.
    case guestSession = "GUEST_SESSION"
    /// Guest access asked for something other than reading the guest's vault or publishing its keys.
    case guestReadOnly = "GUEST_READ_ONLY"
    case permissionDenied = "PERMISSION_DENIED"
    case recordNotFound = "RECORD_NOT_FOUND"
    case folderNotFound = "FOLDER_NOT_FOUND"
    case shareNotFound = "SHARE_NOT_FOUND"
    case attachmentNotFound = "ATTACHMENT_NOT_FOUND"
    case accountNotFound = "ACCOUNT_NOT_FOUND"
    case vaultKeysNotFound = "VAULT_KEYS_NOT_FOUND"
    /// The push's base revision is not the current one; ``FolioVaultFailure/currentRecord`` has the record.
    case revisionConflict = "REVISION_CONFLICT"
    /// A create with a `clientId` the owner already used; ``FolioVaultFailure/currentRecord`` has the record.
    case recordExists = "RECORD_EXISTS"
    /// Not one lifecycle step; ``FolioVaultFailure/currentRecord`` has the record.
    case invalidTransition = "INVALID_TRANSITION"
    case recordNotActive = "RECORD_NOT_ACTIVE"
    /// ``FolioVaultFailure/currentShare`` has the share.
    case invalidShareState = "INVALID_SHARE_STATE"
    case alreadyShared = "ALREADY_SHARED"
    case vaultKeysRequired = "VAULT_KEYS_REQUIRED"
    case recipientKeysChanged = "RECIPIENT_KEYS_CHANGED"
    /// ``FolioVaultFailure/receivedBytes`` says where to go on.
    case attachmentOffsetMismatch = "ATTACHMENT_OFFSET_MISMATCH"
    case attachmentIncomplete = "ATTACHMENT_INCOMPLETE"
    case recordPurged = "RECORD_PURGED"
    case schemaMismatch = "SCHEMA_MISMATCH"
    case notAFolder = "NOT_A_FOLDER"
    case notShareable = "NOT_SHAREABLE"
    case folderCycle = "FOLDER_CYCLE"
    case invalidRecipient = "INVALID_RECIPIENT"
    case invalidSignature = "INVALID_SIGNATURE"
    case attachmentTooLarge = "ATTACHMENT_TOO_LARGE"
    case limitExceeded = "LIMIT_EXCEEDED"
    case invalidRequest = "INVALID_REQUEST"
    case invalidCursor = "INVALID_CURSOR"
    /// No issuance with this id for this account or guest.
    case issuanceNotFound = "ISSUANCE_NOT_FOUND"
    /// The issuance was read again before its `interval` passed (429, with `retryAfterSeconds`).
    case slowDown = "SLOW_DOWN"
    /// A delivery confirmation of an issuance that is not ISSUED.
    case issuanceNotIssued = "ISSUANCE_NOT_ISSUED"
    /// A delivery confirmation before the issued invite was accepted.
    case inviteNotAccepted = "INVITE_NOT_ACCEPTED"
    /// Any other code (e.g. `IDEMPOTENCY_KEY_REUSED`, an injected fault's).
    case other = "OTHER"

    /// The code for a wire code; unknown ones are ``other``.
    public init(code: String) {
        self = Self(rawValue: code) ?? .other
    }

    public var description: String { rawValue }
}

/// The `error` object of a vault error answer.
public struct FolioVaultFailure: Decodable, Sendable, Equatable {
    public var code: FolioVaultErrorCode
    /// The code as Folio sent it (the same as `code.rawValue` unless `code` is ``FolioVaultErrorCode/other``).
    public var rawCode: String
    /// For people and logs; never branch on it.
    public var message: String
    /// The record as it is now, with REVISION_CONFLICT, RECORD_EXISTS and INVALID_TRANSITION.
    public var currentRecord: FolioVaultRecord?
    /// The share as it is now, with INVALID_SHARE_STATE.
    public var currentShare: FolioVaultShare?
    /// The bytes Folio holds, with ATTACHMENT_OFFSET_MISMATCH.
    public var receivedBytes: Int?

    private enum CodingKeys: String, CodingKey {
        case code, message, current, receivedBytes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rawCode = try container.decode(String.self, forKey: .code)
        code = FolioVaultErrorCode(code: rawCode)
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        // A `current` this client cannot read must not hide the code.
        if code == .invalidShareState {
            currentShare = (try? container.decodeIfPresent(FolioVaultShare.self, forKey: .current)) ?? nil
        } else {
            currentRecord = (try? container.decodeIfPresent(FolioVaultRecord.self, forKey: .current)) ?? nil
        }
        receivedBytes = (try? container.decodeIfPresent(Int.self, forKey: .receivedBytes)) ?? nil
    }
}
