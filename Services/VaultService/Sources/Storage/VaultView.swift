import FolioModel
import WireModel

/// What the vault of an account holds, as a VaultStore shows it, read in one transaction.
///
/// Besides its public fields the view keeps each entry's wire JSON and where it sorts, so a store builds its
/// model without encoding every record again and takes in the entries one write changed (a
/// ``VaultViewPatch``) without reading the whole vault.
public struct VaultView: Sendable, Equatable, Codable {
    public var records: [VaultRecord] {
        get { recordList.items }
        set { recordList = VaultViewList(newValue) }
    }
    public var folders: [VaultFolder] {
        get { folderList.items }
        set { folderList = VaultViewList(newValue) }
    }
    /// Entries, memberships and settings whose change has not reached Folio.
    public var pending: UInt32
    /// Entries that are in a conflict.
    public var conflicts: UInt32
    /// Entries that could not be opened or decoded; they are left out of `records` and `folders`.
    public var unreadable: [String]
    /// The account's invites, incoming and outgoing.
    public var sharing: SharingView

    private(set) var recordList: VaultViewList<VaultRecord>
    private(set) var folderList: VaultViewList<VaultFolder>

    public init(
        records: [VaultRecord] = [], folders: [VaultFolder] = [], pending: UInt32 = 0, conflicts: UInt32 = 0,
        unreadable: [String] = [], sharing: SharingView = SharingView()
    ) {
        self.recordList = VaultViewList(records)
        self.folderList = VaultViewList(folders)
        self.pending = pending
        self.conflicts = conflicts
        self.unreadable = unreadable
        self.sharing = sharing
    }

    /// The records' wire JSON, in order.
    public var recordsJSON: [JSONValue] { recordList.json }
    /// The folders' wire JSON, in order.
    public var foldersJSON: [JSONValue] { folderList.json }

    /// Adds an entry read in the vault's order (the full read).
    mutating func append(record: VaultRecord, key: VaultEntryKey) { recordList.append(record, key: key) }
    mutating func append(folder: VaultFolder, key: VaultEntryKey) { folderList.append(folder, key: key) }

    /// Takes in the entries a patch read again. False when an entry is no longer in the vault (it was purged
    /// meanwhile): the view cannot tell what it showed for it, so the caller reads the whole vault instead.
    public mutating func apply(_ patch: VaultViewPatch) -> Bool {
        guard !patch.entries.contains(where: { $0.change == .missing }) else { return false }
        for entry in patch.entries {
            // The entry shows under its local id until Folio confirms it, then under Folio's id.
            let shownIDs = [entry.localID] + (entry.folioID.map { [$0] } ?? [])
            recordList.remove(shownIDs: shownIDs)
            folderList.remove(shownIDs: shownIDs)
            unreadable.removeAll { $0 == entry.localID }
            let key = VaultEntryKey(createdAt: entry.createdAt, localID: entry.localID)
            switch entry.change {
            case .record(let record): recordList.insert(record, key: key)
            case .folder(let folder): folderList.insert(folder, key: key)
            case .unreadable: unreadable.append(entry.localID)
            case .missing: break
            }
        }
        pending = patch.pending
        conflicts = patch.conflicts
        return true
    }

    public static func == (left: VaultView, right: VaultView) -> Bool {
        left.records == right.records && left.folders == right.folders && left.pending == right.pending
            && left.conflicts == right.conflicts && left.unreadable == right.unreadable && left.sharing == right.sharing
    }

    private enum CodingKeys: String, CodingKey {
        case records, folders, pending, conflicts, unreadable, sharing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            records: try container.decode([VaultRecord].self, forKey: .records),
            folders: try container.decode([VaultFolder].self, forKey: .folders),
            pending: try container.decode(UInt32.self, forKey: .pending),
            conflicts: try container.decode(UInt32.self, forKey: .conflicts),
            unreadable: try container.decode([String].self, forKey: .unreadable),
            sharing: try container.decode(SharingView.self, forKey: .sharing))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(records, forKey: .records)
        try container.encode(folders, forKey: .folders)
        try container.encode(pending, forKey: .pending)
        try container.encode(conflicts, forKey: .conflicts)
        try container.encode(unreadable, forKey: .unreadable)
        try container.encode(sharing, forKey: .sharing)
    }
}

/// Where an entry sorts in the view: by creation time (microseconds since the Unix epoch), then local id, as
/// the full read orders them.
struct VaultEntryKey: Sendable, Equatable, Comparable {
    var createdAt: Int64
    var localID: String

    static func < (left: VaultEntryKey, right: VaultEntryKey) -> Bool {
        (left.createdAt, left.localID) < (right.createdAt, right.localID)
    }
}

/// A record or a folder as the view holds it.
protocol VaultViewItem: WireValue {
    var key: String { get }
    var header: RecordHeader { get }
}

extension VaultRecord: VaultViewItem {}
extension VaultFolder: VaultViewItem {}

/// The records (or folders) of a view in order, each with its wire JSON and its sort key; an item set from
/// outside (a test's view) has no key and sorts before every read one.
struct VaultViewList<Item: VaultViewItem>: Sendable, Equatable {
    private(set) var items: [Item]
    private(set) var json: [JSONValue]
    private var keys: [VaultEntryKey?]

    init(_ items: [Item]) {
        self.items = items
        json = items.map { $0.json }
        keys = Array(repeating: nil, count: items.count)
    }

    mutating func append(_ item: Item, key: VaultEntryKey) {
        items.append(item)
        json.append(item.json)
        keys.append(key)
    }

    /// Inserts after every item that sorts before it; a new entry usually goes last, so the search starts
    /// there.
    mutating func insert(_ item: Item, key: VaultEntryKey) {
        var index = items.count
        while index > 0, let before = keys[index - 1], key < before { index -= 1 }
        items.insert(item, at: index)
        json.insert(item.json, at: index)
        keys.insert(key, at: index)
    }

    mutating func remove(shownIDs: [String]) {
        guard let index = items.firstIndex(where: { shownIDs.contains($0.key) || shownIDs.contains($0.header.id) })
        else { return }
        items.remove(at: index)
        json.remove(at: index)
        keys.remove(at: index)
    }
}

/// The entries of one account's vault read again after a write changed them, with the counts that write may
/// have moved; a VaultStore applies it to its view.
public struct VaultViewPatch: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case record(VaultRecord)
        case folder(VaultFolder)
        /// The entry is there but does not open.
        case unreadable
        /// The entry is gone (purged) or was never there.
        case missing
    }

    public struct Entry: Sendable, Equatable {
        public var localID: String
        /// Folio's id, under which the entry shows once Folio has it.
        public var folioID: String?
        /// When the entry was created, in microseconds since the Unix epoch: where it sorts.
        public var createdAt: Int64
        public var change: Change

        public init(localID: String, folioID: String? = nil, createdAt: Int64 = 0, change: Change) {
            self.localID = localID
            self.folioID = folioID
            self.createdAt = createdAt
            self.change = change
        }
    }

    public var entries: [Entry]
    public var pending: UInt32
    public var conflicts: UInt32

    public init(entries: [Entry], pending: UInt32 = 0, conflicts: UInt32 = 0) {
        self.entries = entries
        self.pending = pending
        self.conflicts = conflicts
    }
}
