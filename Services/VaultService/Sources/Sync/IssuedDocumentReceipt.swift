import Bus
import FolioClient

/// Receives an issued document into an account's vault (`vaultinternal.receiveIssuedDocument`): accepts the
/// invite that carries it, only when the invite carries an issuance id (an ordinary share is never accepted
/// here), fetches the vault so that the shared record is stored, announces the change, and answers the record's
/// local id once it is an active record of the vault.
///
/// Safe to run again (a caller that crashed retries): an invite accepted before is not accepted again, and the
/// accept itself carries the key `vault-<account>-accept-<inviteId>` (the VaultStore's Accept uses the same), so
/// Folio replays it rather than accepting twice.
struct IssuedDocumentReceipt: Sendable {
    let sync: VaultSync
    let documents: VaultDocuments
    let transport: any BusTransport

    func receive(inviteID: String, account: VaultAccount) async throws -> String {
        guard let client = account.folioVault(sync.folio) else {
            throw DocumentRefusal.noFolioVault(
                message: "the session of \(account.id) reaches no vault at Folio (no Folio session or organization)")
        }
        let share = try await accepted(inviteID, account: account, client)
        _ = try await sync.fetchNow(account, client)
        // The account's stores read the new record (the fetch may have brought more).
        await VaultChanges.announce(account: account.id, transport: transport)
        guard let local = try await documents.activeRecord(share.recordId, account: account.id) else {
            throw DocumentRefusal.recordNotStored(
                message:
                    "\(share.recordId) of invite \(inviteID) is not an active record of the vault after the fetch (its body did not open, or the issuer deleted it)"
            )
        }
        return local
    }

    /// The invite, accepted by this call or before it. A signed-in account reads it; a guest may read no share
    /// at Folio, so it looks for it among its pending issued invites, and an invite it does not find there is
    /// not pending: its accept changes nothing at Folio and answers what the invite is (the earlier accept
    /// replayed, or the share as it is now).
    private func accepted(_ inviteID: String, account: VaultAccount, _ client: FolioVaultClient) async throws
        -> FolioVaultShare
    {
        let share =
            account.kind == .authenticated
            ? try await read(inviteID, client) : try await pendingIssuedInvite(inviteID, client)
        if let share {
            try Self.checkIssued(share)
            guard share.status == .pending else { return try Self.usable(share) }
        }
        return try Self.usable(try await accept(inviteID, account: account, client))
    }

    private func accept(_ inviteID: String, account: VaultAccount, _ client: FolioVaultClient) async throws
        -> FolioVaultShare
    {
        do {
            return try await client.acceptShare(id: inviteID, idempotencyKey: "vault-\(account.id)-accept-\(inviteID)")
        } catch {
            switch error.code {
            case .invalidShareState?:
                // Not pending any more (accepted meanwhile, rejected or revoked): the share as it is now.
                if let current = error.failure?.currentShare { return current }
            case .shareNotFound?: throw DocumentRefusal.inviteNotFound(message: "Folio knows no invite \(inviteID)")
            case .guestReadOnly?: throw Self.ordinary(inviteID)
            default: break
            }
            throw error
        }
    }

    /// The guest's pending invite of an issued document with this id, if Folio lists one.
    private func pendingIssuedInvite(_ inviteID: String, _ client: FolioVaultClient) async throws -> FolioVaultShare? {
        var cursor: String?
        repeat {
            let page = try await client.pendingIssuedInvites(cursor: cursor, limit: 100)
            if let found = page.items.first(where: { $0.id == inviteID }) { return found }
            cursor = page.nextCursor
        } while cursor != nil
        return nil
    }

    /// A share read at Folio; an unknown one is refused.
    private func read(_ inviteID: String, _ client: FolioVaultClient) async throws -> FolioVaultShare {
        do {
            return try await client.share(id: inviteID)
        } catch {
            guard error.code == .shareNotFound else { throw error }
            throw DocumentRefusal.inviteNotFound(message: "Folio knows no invite \(inviteID)")
        }
    }

    private static func checkIssued(_ share: FolioVaultShare) throws {
        guard share.issuanceId != nil else { throw ordinary(share.id) }
    }

    private static func ordinary(_ inviteID: String) -> DocumentRefusal {
        .notAnIssuedDocument(
            message:
                "\(inviteID) is not an issued document (it carries no issuance id): an ordinary share is never accepted here"
        )
    }

    /// An issued invite that was accepted: its record is in the vault, revoked or not. A rejected invite, or one
    /// revoked before it was accepted, is refused.
    private static func usable(_ share: FolioVaultShare) throws -> FolioVaultShare {
        try checkIssued(share)
        switch share.status {
        case .accepted: return share
        case .revoked where share.acceptedAt != nil: return share
        default:
            throw DocumentRefusal.inviteClosed(
                message: "\(share.id) is \(share.status.rawValue) and can no longer be accepted")
        }
    }
}
