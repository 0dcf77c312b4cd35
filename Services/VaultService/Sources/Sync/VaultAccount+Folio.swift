import FolioClient

extension VaultAccount {
    /// The Folio vault this account syncs with: a signed-in account's, through its session, or a guest's (a
    /// transient account of an organization), through guest access, which only reads it. Nil when there is
    /// none to reach (no session, no organization).
    func folioVault(_ folio: FolioClient) -> FolioVaultClient? {
        switch kind {
        case .authenticated:
            folioSessionID.map { folio.vault(sessionId: $0) }
        case .transient:
            organizationID.flatMap { $0.isEmpty ? nil : folio.vault(organizationId: $0, guestId: id) }
        }
    }
}
