import FolioModel
import FolioWire
import Foundation

/// A record or folder as Folio stores it: clear-text header, opaque ciphertext.
struct VaultRecord: Sendable {
    typealias Kind = FolioVaultRecordKind

    typealias State = FolioVaultRecordState

    var id: String
    var kind: Kind
    var organizationId: String
    var ownerAccountId: String
    var revision: Int64 = 1
    var state = State.active
    var schema: String
    var version: Int64
    /// Base64url as the client sent it (checked to decode); nil once purged.
    var ciphertext: String?
    /// Decoded size of ``ciphertext``.
    var ciphertextBytes: Int
    /// The owner's wrapped record key, as sent.
    var wrappedKey: String?
    var clientId: String?
    /// Folder members, in the order they were added.
    var members: [String] = []
    /// Attachment ids, oldest first (complete and incomplete).
    var attachmentIds: [String] = []
    /// Settings per account.
    var settings: [String: VaultSettings] = [:]
    /// Every share of this record, oldest first.
    var shareIds: [String] = []
    /// Accounts that accepted a share → that share (kept after a revocation).
    var viewers: [String: String] = [:]
    var createdAt: Date
    var updatedAt: Date
    var deletedAt: Date?
    var purgedAt: Date?

    /// The owner and every account that accepted a share.
    var audience: [String] { [ownerAccountId] + viewers.keys.sorted() }
}

/// One account's settings of a record.
struct VaultSettings: Sendable {
    var revision: Int64
    var ciphertext: String
    var ciphertextBytes: Int
    var updatedAt: Date

    var json: JSONValue {
        [
            "revision": .int(revision), "ciphertext": .string(ciphertext),
            "updatedAt": .string(RFC3339.format(updatedAt)),
        ]
    }
}

/// A share of a record with another account of the organization.
struct VaultShare: Sendable {
    typealias Status = FolioVaultShareStatus

    var id: String
    var recordId: String
    /// The record's schema (a record keeps it), so an invite can be shown before it is accepted.
    var schema: String
    var organizationId: String
    var ownerAccountId: String
    var ownerEmail: String
    var recipientAccountId: String
    var recipientEmail: String
    var permission: String
    var status = Status.pending
    var recipientBoxPublicKey: String
    var wrappedKey: String
    var signature: String
    var createdAt: Date
    var acceptedAt: Date?
    var rejectedAt: Date?
    var revokedAt: Date?
    /// The invite of an issued document: its issuance. Nil for a share an account made.
    var issuanceId: String? = nil

    /// PENDING or ACCEPTED: a second invite to the same account is refused.
    var isOpen: Bool { status == .pending || status == .accepted }

    var json: JSONValue {
        [
            "id": .string(id), "recordId": .string(recordId), "schema": .string(schema),
            "organizationId": .string(organizationId), "ownerAccountId": .string(ownerAccountId),
            "ownerEmail": .string(ownerEmail),
            "recipientAccountId": .string(VaultState.publicAccountId(recipientAccountId)),
            "recipientEmail": .string(recipientEmail),
            "permission": ["type": .string(permission)], "status": ["type": .string(status.rawValue)],
            "recipientBoxPublicKey": .string(recipientBoxPublicKey), "wrappedKey": .string(wrappedKey),
            "signature": .string(signature), "createdAt": .string(RFC3339.format(createdAt)),
            "acceptedAt": VaultRecord.time(acceptedAt), "rejectedAt": VaultRecord.time(rejectedAt),
            "revokedAt": VaultRecord.time(revokedAt), "issuanceId": issuanceId.map { .string($0) } ?? .null,
        ]
    }
}

/// Encrypted bytes attached to a record, uploaded in parts.
struct VaultAttachment: Sendable {
    var id: String
    var recordId: String
    var ownerAccountId: String
    var size: Int
    var bytes: [UInt8]
    var createdAt: Date

    var isComplete: Bool { bytes.count == size }

    var json: JSONValue {
        [
            "id": .string(id), "recordId": .string(recordId), "size": .int(Int64(size)),
            "receivedBytes": .int(Int64(bytes.count)), "complete": .bool(isComplete),
            "createdAt": .string(RFC3339.format(createdAt)),
        ]
    }
}

/// An account's published vault public keys.
struct VaultKeys: Sendable {
    var accountId: String
    var boxPublicKey: String
    var signPublicKey: String
    var updatedAt: Date
}

extension VaultRecord {
    static func time(_ date: Date?) -> JSONValue {
        date.map { .string(RFC3339.format($0)) } ?? .null
    }
}
