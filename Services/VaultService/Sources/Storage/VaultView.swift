/// What the vault of an account holds, as a VaultStore shows it, read in one transaction.
public struct VaultView: Sendable, Equatable, Codable {
    public var records: [VaultRecord]
    public var folders: [VaultFolder]
    /// Entries, memberships and settings whose change has not reached Folio.
    public var pending: UInt32
    /// Entries that are in a conflict.
    public var conflicts: UInt32
    /// Entries that could not be opened or decoded; they are left out of `records` and `folders`.
    public var unreadable: [String]
    /// The account's invites, incoming and outgoing.
    public var sharing: SharingView

    public init(
        records: [VaultRecord] = [], folders: [VaultFolder] = [], pending: UInt32 = 0, conflicts: UInt32 = 0,
        unreadable: [String] = [], sharing: SharingView = SharingView()
    ) {
        self.records = records
        self.folders = folders
        self.pending = pending
        self.conflicts = conflicts
        self.unreadable = unreadable
        self.sharing = sharing
    }
}
