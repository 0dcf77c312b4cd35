import FolioModel
import WireModel

/// What the vault of an account holds, as a VaultStore shows it, read in one transaction.
///
/// The view keeps each entry as its wire JSON only, with where it sorts: a store builds its model from that
/// JSON without encoding every record again (the model shares it), takes in the entries one write changed (a
/// ``VaultViewPatch``) without reading the whole vault, and holds one copy of each record, not a decoded one
/// beside its JSON. `records` and `folders` read the entries back from that JSON.
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
        // The entry shows under its local id until Folio confirms it, then under Folio's id. A patch names each
        // entry once, so what it read again leaves the lists in one pass, then goes back in where it sorts.
        var shownIDs: [String] = []
        for entry in patch.entries {
            shownIDs.append(entry.localID)
            if let folioID = entry.folioID { shownIDs.append(folioID) }
        }
        recordList.remove(shownIDs: shownIDs)
        folderList.remove(shownIDs: shownIDs)
        let localIDs = Set(patch.entries.map(\.localID))
        unreadable.removeAll { localIDs.contains($0) }
        for entry in patch.entries {
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

    /// Records' JSON holds every field of a record, so equal JSON is equal records (and the same for folders).
    public static func == (left: VaultView, right: VaultView) -> Bool {
        left.recordList.json == right.recordList.json && left.folderList.json == right.folderList.json
            && left.pending == right.pending && left.conflicts == right.conflicts && left.unreadable == right.unreadable
            && left.sharing == right.sharing
    }

    /// This view (read again), with the JSON of every record and folder that did not change taken from
    /// `earlier`: the store then keeps one copy of them, not one per read.
    func sharing(with earlier: VaultView) -> VaultView {
        var view = self
        view.recordList.share(with: earlier.recordList)
        view.folderList.share(with: earlier.folderList)
        return view
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

/// A record or a folder as the view holds it: its wire JSON.
protocol VaultViewItem: WireValue {}

extension VaultRecord: VaultViewItem {}
extension VaultFolder: VaultViewItem {}

/// The records (or folders) of a view in order, each kept as its wire JSON only (what the model shows; the
/// items are read back from it when asked for), with its sort key; an item set from outside (a test's view)
/// has no key and sorts before every read one.
struct VaultViewList<Item: VaultViewItem>: Sendable, Equatable {
    private(set) var json: [JSONValue]
    private var keys: [VaultEntryKey?]
    /// The ids each item is found by, read from its JSON once: a patch's entries are looked for at every write.
    private var ids: [ItemIDs]

    /// An item's local id (its `key`) and the id it shows under (its header's).
    private struct ItemIDs: Sendable, Equatable {
        var local: String?
        var shown: String?

        init(_ json: JSONValue) {
            local = json["key"]?.stringValue
            shown = json["header"]?["id"]?.stringValue
        }

        func isShown(under wanted: [String]) -> Bool {
            wanted.contains { $0 == local || $0 == shown }
        }

        func isShown(under wanted: Set<String>) -> Bool {
            local.map(wanted.contains) == true || shown.map(wanted.contains) == true
        }
    }

    init(_ items: [Item]) {
        json = items.map { $0.json }
        keys = Array(repeating: nil, count: items.count)
        ids = json.map(ItemIDs.init)
    }

    /// The items, read back from their JSON (which every item writes and reads whole).
    var items: [Item] {
        json.enumerated().compactMap { index, value in try? Item(json: value, path: "items[\(index)]") }
    }

    mutating func append(_ item: Item, key: VaultEntryKey) {
        json.append(item.json)
        keys.append(key)
        ids.append(ItemIDs(json[json.count - 1]))
    }

    /// Inserts after every item that sorts before it; a new entry usually goes last, so the search starts
    /// there.
    mutating func insert(_ item: Item, key: VaultEntryKey) {
        var index = json.count
        while index > 0, let before = keys[index - 1], key < before { index -= 1 }
        json.insert(item.json, at: index)
        keys.insert(key, at: index)
        ids.insert(ItemIDs(json[index]), at: index)
    }

    /// Removes the items shown under one of `shownIDs` (their key or their header's id). A patch most often
    /// names an entry or two: comparing with those costs less than hashing every item's ids.
    mutating func remove(shownIDs: [String]) {
        let hashed = shownIDs.count > 8 ? Set(shownIDs) : nil
        func isShown(_ item: ItemIDs) -> Bool {
            if let hashed { return item.isShown(under: hashed) }
            return item.isShown(under: shownIDs)
        }
        guard let first = ids.firstIndex(where: isShown) else { return }
        var kept = first
        for index in json.indices[(first + 1)...] where !isShown(ids[index]) {
            json[kept] = json[index]
            keys[kept] = keys[index]
            ids[kept] = ids[index]
            kept += 1
        }
        json.removeSubrange(kept...)
        keys.removeSubrange(kept...)
        ids.removeSubrange(kept...)
    }

    /// Takes the JSON of `earlier` for each item that reads the same there (same key, same JSON), and its sort
    /// key, so a view read again shares what did not change with the one it replaces, and the model built from
    /// either does too.
    mutating func share(with earlier: VaultViewList<Item>) {
        guard !earlier.json.isEmpty else { return }
        var earlierIndex: [String: Int] = [:]
        earlierIndex.reserveCapacity(earlier.json.count)
        for (index, ids) in earlier.ids.enumerated() {
            if let id = ids.local { earlierIndex[id] = index }
        }
        for index in json.indices {
            guard let id = ids[index].local, let old = earlierIndex[id], earlier.json[old] == json[index] else {
                continue
            }
            // The ids and the sort key too: kept from this read, their strings would keep it in memory.
            json[index] = earlier.json[old]
            ids[index] = earlier.ids[old]
            if let key = earlier.keys[old], key == keys[index] { keys[index] = key }
        }
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
