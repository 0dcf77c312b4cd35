/// The body of an invite (`POST /v1/vault/records/{recordId}/shares`).
struct VaultInvite: Sendable {
    var recipientAccountId: String
    var permission: String
    var recipientBoxPublicKey: String
    var wrappedKey: String
    var signature: [UInt8]
    var signatureText: String

    /// The one permission an invite grants.
    static let view = "VIEW"

    init(_ fields: VaultFields) throws(VaultFailure) {
        recipientAccountId = try fields.string("recipientAccountId", maxLength: 128)
        permission = try fields.type("permission")
        guard permission == Self.view else {
            throw .invalidRequest("an invite grants the permission VIEW, not \(permission)")
        }
        recipientBoxPublicKey = try fields.bytes("recipientBoxPublicKey", maxBytes: 32, exact: 32).text
        wrappedKey = try fields.bytes("wrappedKey", maxBytes: VaultLimits.wrappedKeyBytes).text
        let signature = try fields.bytes("signature", maxBytes: 64, exact: 64)
        self.signature = signature.bytes
        signatureText = signature.text
    }

    /// What the owner signs: seven lines joined with `\n` (docs/folio-api.md, "Shares and invites").
    func signingMessage(recordId: String, ownerAccountId: String) -> [UInt8] {
        let lines = [
            "folio-vault-invite-v1", recordId, ownerAccountId, recipientAccountId, permission, recipientBoxPublicKey,
            wrappedKey,
        ]
        return Array(lines.joined(separator: "\n").utf8)
    }
}
