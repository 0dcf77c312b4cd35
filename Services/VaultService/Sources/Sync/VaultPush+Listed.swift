/// A pass lists what it pushes without bodies (``VaultSyncTables/pushList(_:)``) and reads each unit's entries
/// whole just before the unit goes: the first call to Folio waits for one unit's bodies, not for all of them.
extension VaultPush {
    /// Pushes a unit of listed entries, read again as they are now: an entry that no longer has a change to push
    /// is left out, and one that changed since it was listed goes the way it needs now (a batch takes only
    /// entries that still need just a create). Returns how many Folio refused.
    func pushListed(_ unit: Unit, log: (PushItem, any Error) -> Void) async throws -> Int {
        switch unit {
        case .entry(let listed):
            return try await pushEach(try await store.pushItems(account, ids: [listed.id]), log: log)
        case .creates(let listed):
            let items = try await store.pushItems(account, ids: listed.map(\.id))
            let creates = items.filter(Self.onlyCreates)
            let others = items.filter { !Self.onlyCreates($0) }
            var failures = creates.isEmpty ? 0 : try await pushCreates(creates, log: log)
            failures += try await pushEach(others, log: log)
            return failures
        }
    }
}
