import Foundation

/// Decodes `Decodable` values straight from a parsed ``JSONValue`` tree, without writing it back to bytes.
///
/// It reads what Foundation's `JSONDecoder` reads with its default strategies (keys as they are, `Data` as
/// base64, a URL as its string), so it can replace `JSONDecoder().decode(_:from:)` after ``JSONParser``.
/// Dates are read by ``DateDecoding``: by default, like `JSONDecoder`, seconds since 2001-01-01.
public struct JSONValueDecoder: Sendable {
    /// How a `Date` is read.
    public enum DateDecoding: Sendable {
        /// A number of seconds since 2001-01-01 (`JSONDecoder`'s default).
        case deferredToDate
        /// An RFC 3339 string, with or without fractional seconds.
        case rfc3339
    }

    public var dateDecoding: DateDecoding
    /// Given to the decoded types as `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    public init(dateDecoding: DateDecoding = .deferredToDate, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        self.dateDecoding = dateDecoding
        self.userInfo = userInfo
    }

    /// Decodes `value` as `type`; a mismatch throws a `DecodingError` whose coding path names the member.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        try JSONValueDecoding(value: value, path: nil, key: nil, options: self).unwrap(T.self)
    }
}

/// The `Decoder` of one value of the tree.
struct JSONValueDecoding: Decoder {
    let value: JSONValue
    /// The path of the container this value is in, and its key there (nil for the root): a member's decoder
    /// costs no copy of the path, which is only built when asked for (an error's context).
    let path: JSONValueCodingPath?
    let key: (any CodingKey)?
    let options: JSONValueDecoder

    var codingPath: [any CodingKey] {
        guard let key else { return path?.keys ?? [] }
        return (path?.keys ?? []) + [key]
    }

    var userInfo: [CodingUserInfoKey: Any] { options.userInfo.mapValues { $0 as Any } }

    /// The path for the members of a container this value opens.
    private var containerPath: JSONValueCodingPath? {
        key.map { JSONValueCodingPath(parent: path, key: $0) } ?? path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw mismatch(JSONObject.self, "an object")
        }
        return KeyedDecodingContainer(JSONValueKeyedContainer(members: members, path: containerPath, options: options))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSONValue].self, "an array") }
        return JSONValueUnkeyedContainer(elements: elements, path: containerPath, options: options)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type, _ expected: String) -> DecodingError {
        if value == .null {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(expected)"))
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    /// Decodes `T`, with the types `JSONDecoder` reads in a special way read the same way here.
    func unwrap<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self, let date = try date() as? T { return date }
        if T.self == Data.self, let data = try data() as? T { return data }
        if T.self == URL.self, let url = try url() as? T { return url }
        if T.self == Decimal.self, let decimal = try decimal() as? T { return decimal }
        return try T(from: self)
    }

    private func date() throws -> Date {
        switch options.dateDecoding {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try decode(Double.self))
        case .rfc3339:
            let text = try decode(String.self)
            guard let date = RFC3339Time.parse(text) else { throw corrupted("\(text) is not an RFC 3339 time") }
            return date
        }
    }

    private func data() throws -> Data {
        let text = try decode(String.self)
        guard let data = Data(base64Encoded: text) else { throw corrupted("encountered Data is not valid Base64") }
        return data
    }

    private func url() throws -> URL {
        let text = try decode(String.self)
        guard let url = URL(string: text) else { throw corrupted("invalid URL string") }
        return url
    }

    private func decimal() throws -> Decimal {
        switch value {
        case .int(let number): return Decimal(number)
        case .double(let number): return Decimal(number)
        default: throw mismatch(Decimal.self, "a number")
        }
    }
}

extension JSONValueDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, "a boolean") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(type, "a string") }
        return text
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .int(let number): return Double(number)
        case .double(let number): return number
        default: throw mismatch(type, "a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        let number = try decode(Double.self)
        guard number.isNaN || number.isInfinite || abs(number) <= Double(Float.greatestFiniteMagnitude) else {
            throw corrupted("number \(number) does not fit in Float")
        }
        return Float(number)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type) }

    /// An integer, also from a number with a zero fraction (`2.0`) as `JSONDecoder` reads it.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let exact: T?
        switch value {
        case .int(let number): exact = T(exactly: number)
        case .double(let number): exact = T(exactly: number)
        default: throw mismatch(type, "a number")
        }
        guard let exact else { throw corrupted("number \(value) does not fit in \(T.self)") }
        return exact
    }
}

/// The members of an object. The members of the primitive types are read here, not through their own
/// `init(from:)`, and an optional member is looked up once: a record of the Folio API has a dozen members, and
/// a fetch decodes thousands of records.
struct JSONValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObject
    /// The path of this object.
    let path: JSONValueCodingPath?
    let options: JSONValueDecoder

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).value == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).unwrap(type) }

    // As the protocol's own `decodeIfPresent`: nil for a missing member or null, else as `decode`.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try present(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try present(key)?.decode(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try present(key)?.unwrap(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        child(.object(members), key: JSONValueKey.superKey)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        child(members[key.stringValue] ?? .null, key: key)
    }

    private func child(_ value: JSONValue, key: any CodingKey) -> JSONValueDecoding {
        JSONValueDecoding(value: value, path: path, key: key, options: options)
    }

    private func member(_ key: Key) throws -> JSONValueDecoding {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for key \(key.stringValue)"))
        }
        return child(value, key: key)
    }

    /// The member's decoder; nil when it is missing or null.
    private func present(_ key: Key) -> JSONValueDecoding? {
        guard let value = members[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return child(value, key: key)
    }
}

/// The elements of an array, read in order.
struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    /// The path of this array.
    let path: JSONValueCodingPath?
    let options: JSONValueDecoder
    var currentIndex = 0

    init(elements: [JSONValue], path: JSONValueCodingPath?, options: JSONValueDecoder) {
        self.elements = elements
        self.path = path
        self.options = options
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard try peek(Never?.self).value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try peek(type).decode(type)
        currentIndex += 1
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try peek(type).unwrap(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let container = try peek(type).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try peek([JSONValue].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try peek(JSONValue.self)
        currentIndex += 1
        return element
    }

    private func peek(_ type: Any.Type) throws -> JSONValueDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [JSONValueKey(index: currentIndex)],
                    debugDescription: "unkeyed container is at end"))
        }
        return JSONValueDecoding(
            value: elements[currentIndex], path: path, key: JSONValueKey(index: currentIndex), options: options)
    }
}

/// A coding key for an array index or `super`. An index's name is made only when asked for (an error's path):
/// an array's every element has a key.
struct JSONValueKey: CodingKey {
    private enum Name {
        case text(String)
        case index(Int)
    }

    private let name: Name

    var stringValue: String {
        switch name {
        case .text(let text): text
        case .index(let index): "Index \(index)"
        }
    }

    var intValue: Int? {
        if case .index(let index) = name { return index }
        return nil
    }

    init(stringValue: String) { name = .text(stringValue) }

    init(intValue: Int) { name = .index(intValue) }

    init(index: Int) { self.init(intValue: index) }

    static let superKey = JSONValueKey(stringValue: "super")
}
