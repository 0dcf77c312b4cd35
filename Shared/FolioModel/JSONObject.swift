/// The members of a JSON object, kept sorted by name with each name once.
///
/// A JSON object is held as one array rather than a hash table: a model holds many small objects (a vault of
/// 10,000 records holds two per record), where a table of nine members takes 16 buckets and 720 bytes against the
/// array's 400, and the sorted order is the order the serializer writes, so writing needs no sort. Lookups are a
/// binary search. The API follows `Dictionary`'s, so code reads the same whichever it holds.
public struct JSONObject: Sendable {
    public typealias Element = (key: String, value: JSONValue)

    /// Sorted by `key`, each key once.
    var members: [Element]

    public init() { members = [] }

    public init(minimumCapacity: Int) {
        members = []
        members.reserveCapacity(minimumCapacity)
    }

    public mutating func reserveCapacity(_ minimumCapacity: Int) { members.reserveCapacity(minimumCapacity) }

    /// Members already sorted by key with each key once: taken as they are.
    init(sortedUniqueMembers: [Element]) { members = sortedUniqueMembers }

    public init(_ dictionary: [String: JSONValue]) {
        members = dictionary.map { (key: $0.key, value: $0.value) }
        members.sort { $0.key < $1.key }
    }

    /// Members in any order; where a key repeats, the last one wins (as a JSON parser reads `{"a":1,"a":2}`).
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        var members = pairs.map { (key: $0.0, value: $0.1) }
        if !Self.isSortedAndUnique(members) {
            // Swift's sort is stable: repeated keys stay in input order, so the last of each run is the one kept.
            members.sort { $0.key < $1.key }
            if !Self.isSortedAndUnique(members) {
                var unique: [Element] = []
                unique.reserveCapacity(members.count)
                for member in members {
                    if let last = unique.last, last.key == member.key {
                        unique[unique.count - 1] = member
                    } else {
                        unique.append(member)
                    }
                }
                members = unique
            }
        }
        self.members = members
    }

    public init<S: Sequence>(uniqueKeysWithValues pairs: S) where S.Element == (String, JSONValue) {
        self.init(pairs)
    }

    private static func isSortedAndUnique(_ members: [Element]) -> Bool {
        guard members.count > 1 else { return true }
        for index in 1..<members.count where !(members[index - 1].key < members[index].key) { return false }
        return true
    }

    /// Where `key` is, or where it would be inserted.
    func position(of key: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = members.count
        while low < high {
            let middle = (low + high) / 2
            let candidate = members[middle].key
            if candidate == key { return (middle, true) }
            if candidate < key { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    public subscript(key: String) -> JSONValue? {
        get {
            let (index, found) = position(of: key)
            // Not `found ? value : nil`: JSONValue takes `nil` as `.null`, so that would answer `.null` for a
            // missing member.
            guard found else { return Optional.none }
            return members[index].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { self[key] ?? defaultValue() }
        set { self[key] = newValue }
    }

    /// The value that was there before, if any.
    @discardableResult
    public mutating func updateValue(_ value: JSONValue, forKey key: String) -> JSONValue? {
        if let last = members.last, last.key < key {
            members.append((key, value))
            return nil
        }
        let (index, found) = position(of: key)
        if found {
            let old = members[index].value
            members[index].value = value
            return old
        }
        members.insert((key, value), at: index)
        return nil
    }

    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        let (index, found) = position(of: key)
        guard found else { return nil }
        return members.remove(at: index).value
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: LazyMapCollection<[Element], String> { members.lazy.map(\.key) }
    public var values: LazyMapCollection<[Element], JSONValue> { members.lazy.map(\.value) }

    /// The same members in a `Dictionary`, for code that needs one.
    public var dictionary: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: members.lazy.map { ($0.key, $0.value) })
    }

    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        JSONObject(sortedUniqueMembers: try members.map { ($0.key, try transform($0.value)) })
    }

    public func compactMapValues(_ transform: (JSONValue) throws -> JSONValue?) rethrows -> JSONObject {
        JSONObject(
            sortedUniqueMembers: try members.compactMap { member in try transform(member.value).map { (member.key, $0) }
            })
    }

    /// The members for which `isIncluded` holds, as an object (as `Dictionary.filter` answers a dictionary).
    public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> JSONObject {
        JSONObject(sortedUniqueMembers: try members.filter(isIncluded))
    }

    public mutating func merge(
        _ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    )
        rethrows
    {
        for (key, value) in other.members {
            if let existing = self[key] {
                self[key] = try combine(existing, value)
            } else {
                self[key] = value
            }
        }
    }

    public func merging(_ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue)
        rethrows -> JSONObject
    {
        var merged = self
        try merged.merge(other, uniquingKeysWith: combine)
        return merged
    }
}

extension JSONObject: RandomAccessCollection {
    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Element { members[position] }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        // Copies of one object share their members' storage, and are equal without a walk: a store's model keeps
        // the JSON of what did not change, so each diff of a model compares mostly such copies.
        if lhs.sharesStorage(with: rhs) { return true }
        for index in lhs.members.indices {
            guard lhs.members[index].key == rhs.members[index].key, lhs.members[index].value == rhs.members[index].value
            else { return false }
        }
        return true
    }

    private func sharesStorage(with other: JSONObject) -> Bool {
        members.withUnsafeBufferPointer { mine in
            other.members.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for (key, value) in members {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

extension JSONObject: CustomStringConvertible {
    /// The object as JSON text.
    public var description: String { JSONValue.object(self).description }
}

extension JSONObject: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try [String: JSONValue](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws { try dictionary.encode(to: encoder) }
}
