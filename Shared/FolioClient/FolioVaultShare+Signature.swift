import Crypto
import FolioWire

extension FolioVaultShare {
    /// True when the owner's signature verifies with `ownerSignPublicKey` (from ``FolioVaultKeys``).
    public func hasValidSignature(ownerSignPublicKey: [UInt8]) -> Bool {
        guard let key = try? Ed25519.PublicKey(bytes: ownerSignPublicKey) else { return false }
        let message = FolioVaultInvite.signingMessage(
            recordId: recordId, ownerAccountId: ownerAccountId, recipientAccountId: recipientAccountId,
            permission: permission, recipientBoxPublicKey: recipientBoxPublicKey.bytes, wrappedKey: wrappedKey.bytes)
        return key.isValidSignature(signature.bytes, for: message)
    }
}

extension FolioVaultInvite {
    /// Seals `recordKey` to the recipient's published box key and signs the invite with the owner's key.
    public static func sealed(
        recordId: String, ownerAccountId: String, recipient: FolioVaultKeys, recordKey: [UInt8],
        signingKey: Ed25519.PrivateKey, permission: FolioVaultPermission = .view
    ) throws -> FolioVaultInvite {
        let wrapped = try SealedBox.seal(recordKey, to: recipient.boxPublicKey.bytes)
        let message = signingMessage(
            recordId: recordId, ownerAccountId: ownerAccountId, recipientAccountId: recipient.accountId,
            permission: permission, recipientBoxPublicKey: recipient.boxPublicKey.bytes, wrappedKey: wrapped)
        return FolioVaultInvite(
            recipientAccountId: recipient.accountId, permission: permission,
            recipientBoxPublicKey: recipient.boxPublicKey.bytes, wrappedKey: wrapped,
            signature: try signingKey.sign(message))
    }
}
