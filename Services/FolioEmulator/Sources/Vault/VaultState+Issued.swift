import Crypto
import FolioModel
import FolioWire

/// An issued document on its way into the vault: the clear body and photos the issuer seals, and the holder
/// the invite is addressed to.
struct IssuedDelivery: Sendable {
    struct Photo: Sendable {
        var attachmentId: String
        var bytes: [UInt8]
    }

    var recordId: String
    var issuanceId: String
    var issuer: Issuer
    var holder: IssuanceHolder
    /// The `FolioDigitalDocument` as JSON.
    var payload: [UInt8]
    var photos: [Photo]
}

extension VaultState {
    /// Stores an issued document as the issuer's record of the schema `<organization>:digital` and invites the
    /// holder to it (docs/folio-api.md, "The record of an issued document"): the body and photos sealed with a
    /// fresh record key, the key sealed to the holder's box key, the invite signed with the issuer's key and
    /// carrying the issuance id. 409 VAULT_KEYS_REQUIRED while the holder has published no keys. Answers the
    /// invite's id.
    mutating func issue(_ delivery: IssuedDelivery, _ env: VaultEnvironment) throws(VaultFailure) -> String {
        let issuer = delivery.issuer
        let holder = delivery.holder
        guard let published = keys[holder.vaultKey], let boxKey = try? Base64URL.decode(published.boxPublicKey) else {
            throw VaultFailure(
                status: 409, code: "VAULT_KEYS_REQUIRED",
                message: "\(holder.publicId) has published no vault keys: nothing can be sealed to it")
        }
        let version = FolioDigitalDocument.version
        let recordKey = SymmetricKey.random()
        let body: [UInt8]
        let wrappedKey: [UInt8]
        let signature: [UInt8]
        var sealedPhotos: [(id: String, bytes: [UInt8])] = []
        do {
            body = try AEAD.seal(
                delivery.payload,
                additionalData: Self.sealingData([
                    "folio-vault-body", issuer.id, FolioDigitalDocument.schema, "\(version)",
                ]),
                key: recordKey)
            for photo in delivery.photos {
                let sealed = try AEAD.seal(
                    photo.bytes, additionalData: Self.sealingData(["folio-vault-attachment", photo.attachmentId]),
                    key: recordKey)
                sealedPhotos.append((photo.attachmentId, sealed))
            }
            wrappedKey = try SealedBox.seal(recordKey.bytes, to: boxKey)
            signature = try issuer.signingKey.sign(
                FolioVaultInvite.signingMessage(
                    recordId: delivery.recordId, ownerAccountId: issuer.id, recipientAccountId: holder.publicId,
                    permission: .view, recipientBoxPublicKey: boxKey, wrappedKey: wrappedKey))
        } catch {
            throw .internalError("sealing the issued document failed: \(error)")
        }
        var record = VaultRecord(
            id: delivery.recordId, kind: .record, organizationId: holder.organizationId, ownerAccountId: issuer.id,
            schema: "\(holder.organizationId):\(FolioDigitalDocument.schema)", version: version,
            ciphertext: Base64URL.encode(body), ciphertextBytes: body.count, createdAt: env.now, updatedAt: env.now)
        for photo in sealedPhotos {
            attachments[photo.id] = VaultAttachment(
                id: photo.id, recordId: record.id, ownerAccountId: issuer.id, size: photo.bytes.count,
                bytes: photo.bytes, createdAt: env.now)
            record.attachmentIds.append(photo.id)
        }
        let share = VaultShare(
            id: env.newID("shr"), recordId: record.id, schema: record.schema, organizationId: holder.organizationId,
            ownerAccountId: issuer.id, ownerEmail: issuer.email, recipientAccountId: holder.vaultKey,
            recipientEmail: holder.email, permission: VaultInvite.view, recipientBoxPublicKey: published.boxPublicKey,
            wrappedKey: Base64URL.encode(wrappedKey), signature: Base64URL.encode(signature), createdAt: env.now,
            issuanceId: delivery.issuanceId)
        record.shareIds.append(share.id)
        insert(record)
        shares[share.id] = share
        incoming[holder.vaultKey, default: []].append(share.id)
        outgoing[issuer.id, default: []].append(share.id)
        announce(share: share.id)
        return share.id
    }

    /// The status of a share, for the issuance routes.
    func shareStatus(_ id: String) -> VaultShare.Status? {
        shares[id]?.status
    }

    /// The pending invites addressed to the caller that carry an issued document, sorted by id.
    func pendingIssuedInvites(_ env: VaultEnvironment) -> [VaultShare] {
        shares(incoming: true, status: .pending, env).filter { $0.issuanceId != nil }
    }

    /// Parts joined with their lengths, as the VaultService seals (`<UTF-8 length>:<bytes>` each).
    static func sealingData(_ parts: [String]) -> [UInt8] {
        parts.flatMap { Array("\($0.utf8.count):".utf8) + Array($0.utf8) }
    }
}
