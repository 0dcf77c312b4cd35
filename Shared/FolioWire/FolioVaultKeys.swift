import Foundation

/// An account's published vault public keys.
public struct FolioVaultKeys: Codable, Sendable, Equatable {
    public var accountId: String
    public var organizationId: String
    public var email: String
    /// X25519 key that record keys are sealed to.
    public var boxPublicKey: FolioBytes
    /// Ed25519 key that verifies the account's invites.
    public var signPublicKey: FolioBytes
    public var updatedAt: Date
}
