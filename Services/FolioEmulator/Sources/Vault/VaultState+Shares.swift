import Crypto
import FolioModel

extension VaultState {
    /// An action on a share: the recipient accepts or rejects, the owner revokes.
    enum ShareAction: String, Sendable {
        case accept
        case reject
        case revoke
    }

    /// Invites another account of the organization to view a record the caller owns.
    mutating func invite(recordId: String, _ invite: VaultInvite, _ env: VaultEnvironment) throws(VaultFailure)
        -> JSONValue
    {
        var record = try owned(recordId, env.account, "share it")
        guard record.kind == .record else {
            throw VaultFailure(status: 422, code: "NOT_SHAREABLE", message: "folders are not shared")
        }
        guard record.state == .active else { throw .notActive(recordId) }
        guard let recipient = env.accounts.account(id: invite.recipientAccountId),
            recipient.organizationId == env.caller.organizationId
        else {
            throw VaultFailure(
                status: 404, code: "ACCOUNT_NOT_FOUND",
                message: "no account \(invite.recipientAccountId) in \(env.caller.organizationId)")
        }
        guard recipient.id != env.account else {
            throw VaultFailure(status: 422, code: "INVALID_RECIPIENT", message: "an owner cannot invite itself")
        }
        guard let ownerKeys = keys[env.account] else {
            throw VaultFailure(
                status: 409, code: "VAULT_KEYS_REQUIRED", message: "publish this account's vault keys before sharing")
        }
        guard let recipientKeys = keys[recipient.id] else {
            throw VaultFailure(
                status: 404, code: "VAULT_KEYS_NOT_FOUND", message: "\(recipient.id) has published no vault keys")
        }
        guard recipientKeys.boxPublicKey == invite.recipientBoxPublicKey else {
            throw VaultFailure(
                status: 409, code: "RECIPIENT_KEYS_CHANGED",
                message: "\(recipient.id) published other keys; look them up again and seal the key anew")
        }
        let message = invite.signingMessage(recordId: recordId, ownerAccountId: env.account)
        guard let signKey = try? Base64URL.decode(ownerKeys.signPublicKey),
            let publicKey = try? Ed25519.PublicKey(bytes: signKey),
            publicKey.isValidSignature(invite.signature, for: message)
        else {
            throw VaultFailure(
                status: 422, code: "INVALID_SIGNATURE",
                message: "the signature does not verify with this account's signPublicKey")
        }
        let open = record.shareIds.compactMap { shares[$0] }.contains {
            $0.recipientAccountId == recipient.id && $0.isOpen
        }
        guard !open else {
            throw VaultFailure(
                status: 409, code: "ALREADY_SHARED", message: "\(recordId) is already shared with \(recipient.id)")
        }
        guard record.shareIds.count < VaultLimits.sharesPerRecord else {
            throw .limitExceeded("a record has at most \(VaultLimits.sharesPerRecord) shares")
        }
        let share = VaultShare(
            id: env.newID("shr"), recordId: recordId, schema: record.schema, organizationId: record.organizationId,
            ownerAccountId: env.account, ownerEmail: env.caller.email, recipientAccountId: recipient.id,
            recipientEmail: recipient.email, permission: invite.permission,
            recipientBoxPublicKey: invite.recipientBoxPublicKey, wrappedKey: invite.wrappedKey,
            signature: invite.signatureText, createdAt: env.now)
        shares[share.id] = share
        record.shareIds.append(share.id)
        records[recordId] = record
        incoming[recipient.id, default: []].append(share.id)
        outgoing[env.account, default: []].append(share.id)
        announce(share: share.id)
        return share.json
    }

    /// A share the caller sent or received.
    func share(_ id: String, _ env: VaultEnvironment) throws(VaultFailure) -> VaultShare {
        guard let share = shares[id], share.ownerAccountId == env.account || share.recipientAccountId == env.account
        else {
            throw VaultFailure(status: 404, code: "SHARE_NOT_FOUND", message: "no share \(id) for this account")
        }
        return share
    }

    /// The caller's incoming or outgoing shares, sorted by id, optionally of one status.
    func shares(incoming isIncoming: Bool, status: VaultShare.Status?, _ env: VaultEnvironment) -> [VaultShare] {
        let ids = (isIncoming ? incoming[env.account] : outgoing[env.account]) ?? []
        return ids.compactMap { shares[$0] }.filter { status == nil || $0.status == status }.sorted { $0.id < $1.id }
    }

    /// Accept or reject (the recipient, a pending share) or revoke (the owner, pending or accepted).
    mutating func act(on id: String, _ action: ShareAction, _ env: VaultEnvironment) throws(VaultFailure) -> JSONValue {
        var share = try share(id, env)
        guard env.caller.guestId == nil || (action == .accept && share.issuanceId != nil) else {
            throw VaultFailure(
                status: 403, code: "GUEST_READ_ONLY",
                message: "guest access accepts only the invites of issued documents")
        }
        let actor = action == .revoke ? share.ownerAccountId : share.recipientAccountId
        guard actor == env.account else {
            let who = action == .revoke ? "owner" : "recipient"
            throw .permissionDenied("only the \(who) of share \(id) may \(action.rawValue) it")
        }
        let allowed = action == .revoke ? share.isOpen : share.status == .pending
        guard allowed else {
            throw VaultFailure(
                status: 409, code: "INVALID_SHARE_STATE",
                message: "cannot \(action.rawValue) a share that is \(share.status.rawValue)", current: share.json)
        }
        switch action {
        case .accept:
            guard var record = records[share.recordId] else { throw .recordNotFound(share.recordId) }
            guard record.state != .purged else { throw .purged(record.id) }
            share.status = .accepted
            share.acceptedAt = env.now
            shares[id] = share
            record.viewers[env.account] = id
            records[record.id] = record
            sharedWith[env.account, default: []].insert(record.id)
            announce(record: record.id, to: [env.account])
        case .reject:
            share.status = .rejected
            share.rejectedAt = env.now
            shares[id] = share
        case .revoke:
            share.status = .revoked
            share.revokedAt = env.now
            shares[id] = share
            if records[share.recordId]?.viewers[share.recipientAccountId] == id {
                announce(record: share.recordId, to: [share.recipientAccountId])
            }
        }
        announce(share: id)
        return share.json
    }
}
