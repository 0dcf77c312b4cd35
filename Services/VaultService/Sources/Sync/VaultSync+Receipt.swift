import FolioClient

extension VaultSync {
    /// Fetches the account's changes now, under its lock, as a pass fetches them (a guest's from its guest vault),
    /// throwing what failed: the fetch that stores a received document. It is not a pass: it pushes nothing and
    /// announces no `VaultSynced`. Returns the records that could not be applied.
    func fetchNow(_ account: VaultAccount, _ client: FolioVaultClient) async throws -> Int {
        let delivered = account.kind == .transient
        let outcome: Result<Int, any Error> = await locks.withLock(account.id) {
            do {
                return .success(
                    try await fetch(account.id, client, delivered: delivered, organization: account.organizationID)
                        .failures)
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
