import Foundation

/// Where a share stands.
public enum FolioVaultShareStatus: String, FolioWireEnum, CaseIterable {
    case pending = "PENDING"
    case accepted = "ACCEPTED"
    case rejected = "REJECTED"
    case revoked = "REVOKED"
}

/// A share of a record with another account of the organization: an invite until it is accepted.
public struct FolioVaultShare: Codable, Sendable, Equatable {
    public var id: String
    public var recordId: String
    /// The record's schema, to show an invite before it is accepted.
    public var schema: String
    public var organizationId: String
    public var ownerAccountId: String
    public var ownerEmail: String
    public var recipientAccountId: String
    public var recipientEmail: String
    public var permission: FolioVaultPermission
    public var status: FolioVaultShareStatus
    /// The recipient key the record key was sealed to.
    public var recipientBoxPublicKey: FolioBytes
    /// The record key sealed to the recipient (`crypto_box_seal`).
    public var wrappedKey: FolioBytes
    /// The owner's Ed25519 signature of ``FolioVaultInvite/signingMessage(recordId:ownerAccountId:recipientAccountId:permission:recipientBoxPublicKey:wrappedKey:)``.
    public var signature: FolioBytes
    public var createdAt: Date
    public var acceptedAt: Date?
    public var rejectedAt: Date?
    /// Set once the owner revoked it; an accepted record stays with the recipient.
    public var revokedAt: Date?
    /// Set on the invite of an issued document: the issuance (`GET /v1/issuances/{issuanceId}`); nil on an
    /// ordinary share.
    public var issuanceId: String?
}

/// The body of an invite: the record key sealed to the recipient and the owner's signature.
public struct FolioVaultInvite: Codable, Sendable, Equatable {
    public var recipientAccountId: String
    /// Only ``FolioVaultPermission/view`` can be granted.
    public var permission: FolioVaultPermission
    public var recipientBoxPublicKey: FolioBytes
    public var wrappedKey: FolioBytes
    public var signature: FolioBytes

    /// Creates an invite from parts made elsewhere.
    public init(
        recipientAccountId: String, permission: FolioVaultPermission = .view, recipientBoxPublicKey: [UInt8],
        wrappedKey: [UInt8], signature: [UInt8]
    ) {
        self.recipientAccountId = recipientAccountId
        self.permission = permission
        self.recipientBoxPublicKey = FolioBytes(recipientBoxPublicKey)
        self.wrappedKey = FolioBytes(wrappedKey)
        self.signature = FolioBytes(signature)
    }

    /// What the owner signs: seven lines joined with `\n` (docs/folio-api.md, "Shares and invites").
    public static func signingMessage(
        recordId: String, ownerAccountId: String, recipientAccountId: String, permission: FolioVaultPermission,
        recipientBoxPublicKey: [UInt8], wrappedKey: [UInt8]
    ) -> [UInt8] {
        let lines = [
            "folio-vault-invite-v1", recordId, ownerAccountId, recipientAccountId, permission.rawValue,
            WireBase64URL.encode(recipientBoxPublicKey), WireBase64URL.encode(wrappedKey),
        ]
        return Array(lines.joined(separator: "\n").utf8)
    }
}
