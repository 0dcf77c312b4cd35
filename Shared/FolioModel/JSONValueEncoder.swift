import Foundation

/// Encodes `Encodable` values straight into a ``JSONValue`` tree, the counterpart of ``JSONValueDecoder``.
///
/// Like Foundation's `JSONEncoder` with its default strategies (keys as they are, `Data` as base64, a URL as
/// its string); dates by ``JSONValueDecoder/DateDecoding``. With ``NilEncoding/null`` an optional member
/// without a value is written as `null` instead of being left out (the Folio API's `/v1` answers).
public struct JSONValueEncoder: Sendable {
    /// What `encodeIfPresent` writes for nil.
    public enum NilEncoding: Sendable {
        case omit
        case null
    }

    public var dateEncoding: JSONValueDecoder.DateDecoding
    public var nilEncoding: NilEncoding

    public init(dateEncoding: JSONValueDecoder.DateDecoding = .deferredToDate, nilEncoding: NilEncoding = .omit) {
        self.dateEncoding = dateEncoding
        self.nilEncoding = nilEncoding
    }

    public func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONValueSlot()
        try JSONValueEncoding(slot: root, path: nil, key: nil, options: self).box(value)
        return root.value
    }
}

/// A value under construction: objects and arrays are filled in by the containers that hold the slot. A member
/// that is a plain value (a number, a string, a Bool, null) is held as it is, without a slot of its own.
final class JSONValueSlot {
    enum Member {
        case value(JSONValue)
        case slot(JSONValueSlot)

        var value: JSONValue {
            switch self {
            case .value(let value): value
            case .slot(let slot): slot.value
            }
        }
    }

    enum Content {
        case value(JSONValue)
        /// In the order encoded; where a name repeats, the last one counts.
        case object([(String, Member)])
        case array([Member])
    }

    var content = Content.value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(JSONObject(members.lazy.map { ($0.0, $0.1.value) }))
        case .array(let elements): .array(elements.map(\.value))
        }
    }

    func append(_ member: Member, forKey key: String) {
        guard case .object(var members) = content else { return }
        content = .value(.null)  // the only reference left: the members grow in place
        members.append((key, member))
        content = .object(members)
    }

    func append(_ element: Member) {
        guard case .array(var elements) = content else { return }
        content = .value(.null)  // the only reference left: the elements grow in place
        elements.append(element)
        content = .array(elements)
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

struct JSONValueEncoding: Encoder {
    let slot: JSONValueSlot
    /// The path of the container this value is in, and its key there (nil for the root).
    let path: JSONValueCodingPath?
    let key: (any CodingKey)?
    let options: JSONValueEncoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var codingPath: [any CodingKey] {
        guard let key else { return path?.keys ?? [] }
        return (path?.keys ?? []) + [key]
    }

    /// The path for the members of a container this value opens.
    private var containerPath: JSONValueCodingPath? {
        key.map { JSONValueCodingPath(parent: path, key: $0) } ?? path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([]) }
        return KeyedEncodingContainer(JSONValueKeyedEncoding(slot: slot, path: containerPath, options: options))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return JSONValueUnkeyedEncoding(slot: slot, path: containerPath, options: options)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Encodes `value` into this slot, with the types `JSONEncoder` writes in a special way written the same way.
    /// `T` is always the value's own type (an existential is opened before it gets here), so comparing types
    /// finds those few without a dynamic cast for every other value.
    func box<T: Encodable>(_ value: T) throws {
        guard T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == JSONValue.self else {
            return try value.encode(to: self)
        }
        switch value {
        case let date as Date:
            switch options.dateEncoding {
            case .deferredToDate: slot.content = .value(.double(date.timeIntervalSinceReferenceDate))
            case .rfc3339: slot.content = .value(.string(RFC3339Time.format(date)))
            }
        case let data as Data: slot.content = .value(.string(data.base64EncodedString()))
        case let url as URL: slot.content = .value(.string(url.absoluteString))
        case let json as JSONValue: slot.content = .value(json)
        default: try value.encode(to: self)
        }
    }
}

extension JSONValueEncoding: SingleValueEncodingContainer {
    func encodeNil() { slot.content = .value(.null) }
    func encode(_ value: Bool) { slot.content = .value(.bool(value)) }
    func encode(_ value: String) { slot.content = .value(.string(value)) }
    func encode(_ value: Double) throws { slot.content = .value(try Self.number(value, codingPath)) }
    func encode(_ value: Float) throws { slot.content = .value(try Self.number(Double(value), codingPath)) }
    func encode(_ value: Int) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: Int8) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: Int16) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: Int32) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: Int64) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: UInt) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: UInt8) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: UInt16) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: UInt32) { slot.content = .value(Self.integer(value)) }
    func encode(_ value: UInt64) { slot.content = .value(Self.integer(value)) }
    func encode<T: Encodable>(_ value: T) throws { try box(value) }

    /// A value of a type JSON holds as it is (a string, a Bool, a whole number), as a container's member or
    /// element: it needs no slot and no encoder of its own. Arrays and dictionaries of them encode through the
    /// generic `encode`, so this is where they are found.
    static func plain<T>(_ value: T) -> JSONValue? {
        if T.self == String.self, let string = value as? String { return .string(string) }
        if T.self == Int.self, let int = value as? Int { return .int(Int64(int)) }
        if T.self == Bool.self, let bool = value as? Bool { return .bool(bool) }
        if T.self == Int64.self, let int = value as? Int64 { return .int(int) }
        return nil
    }

    static func integer<T: BinaryInteger>(_ value: T) -> JSONValue {
        if let exact = Int64(exactly: value) { return .int(exact) }
        return .double(Double(value))
    }

    /// JSON has no NaN or infinity; `JSONEncoder` refuses them too.
    static func number(_ value: Double, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath(), debugDescription: "\(value) is not a JSON number"))
        }
        return .double(value)
    }
}

/// The members of an object. Plain values go in as they are; any other value gets a slot and an encoder.
struct JSONValueKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONValueSlot
    let path: JSONValueCodingPath?
    let options: JSONValueEncoder
    var codingPath: [any CodingKey] { path?.keys ?? [] }

    private func member(_ key: any CodingKey) -> JSONValueEncoding {
        let child = JSONValueSlot()
        slot.append(.slot(child), forKey: key.stringValue)
        return JSONValueEncoding(slot: child, path: path, key: key, options: options)
    }

    private func set(_ value: JSONValue, _ key: Key) { slot.append(.value(value), forKey: key.stringValue) }

    mutating func encodeNil(forKey key: Key) { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONValueEncoding.number(value, codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONValueEncoding.number(Double(value), codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { set(JSONValueEncoding.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let plain = JSONValueEncoding.plain(value) { return set(plain, key) }
        try member(key).box(value)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if options.nilEncoding == .null {
            encodeNil(forKey: key)
        }
    }

    // The concrete overloads: without them the protocol's defaults (which leave nil out) are picked.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        member(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        member(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { member(JSONValueKey.superKey) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { member(key) }
}

struct JSONValueUnkeyedEncoding: UnkeyedEncodingContainer {
    let slot: JSONValueSlot
    let path: JSONValueCodingPath?
    let options: JSONValueEncoder
    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var count: Int { slot.count }

    private func element() -> JSONValueEncoding {
        let child = JSONValueSlot()
        let key = JSONValueKey(index: count)
        slot.append(.slot(child))
        return JSONValueEncoding(slot: child, path: path, key: key, options: options)
    }

    mutating func encodeNil() { slot.append(.value(.null)) }
    // The generic `encode` stands in for every concrete one: arrays, the most of what comes here, call it anyway.
    mutating func encode<T: Encodable>(_ value: T) throws {
        if let plain = JSONValueEncoding.plain(value) { return slot.append(.value(plain)) }
        try element().box(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        element().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { element() }
}
