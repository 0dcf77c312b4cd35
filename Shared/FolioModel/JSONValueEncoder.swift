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
        try JSONValueEncoding(slot: root, codingPath: [], options: self).box(value)
        return root.value
    }
}

/// A value under construction: objects and arrays are filled in by the containers that hold the slot.
final class JSONValueSlot {
    enum Content {
        case value(JSONValue)
        case object([String: JSONValueSlot])
        case array([JSONValueSlot])
    }

    var content = Content.value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .object(let members): .object(JSONObject(members.lazy.map { ($0.key, $0.value.value) }))
        case .array(let elements): .array(elements.map(\.value))
        }
    }
}

struct JSONValueEncoding: Encoder {
    let slot: JSONValueSlot
    let codingPath: [any CodingKey]
    let options: JSONValueEncoder
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = slot.content {} else { slot.content = .object([:]) }
        return KeyedEncodingContainer(JSONValueKeyedEncoding(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = slot.content {} else { slot.content = .array([]) }
        return JSONValueUnkeyedEncoding(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// Encodes `value` into this slot, with the types `JSONEncoder` writes in a special way written the same way.
    func box<T: Encodable>(_ value: T) throws {
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

    func child(_ key: any CodingKey) -> (JSONValueSlot, JSONValueEncoding) {
        let slot = JSONValueSlot()
        return (slot, JSONValueEncoding(slot: slot, codingPath: codingPath + [key], options: options))
    }
}

extension JSONValueEncoding: SingleValueEncodingContainer {
    func encodeNil() { slot.content = .value(.null) }
    func encode(_ value: Bool) { slot.content = .value(.bool(value)) }
    func encode(_ value: String) { slot.content = .value(.string(value)) }
    func encode(_ value: Double) throws { slot.content = .value(try Self.number(value, codingPath)) }
    func encode(_ value: Float) throws { slot.content = .value(try Self.number(Double(value), codingPath)) }
    func encode(_ value: Int) throws { try integer(value) }
    func encode(_ value: Int8) throws { try integer(value) }
    func encode(_ value: Int16) throws { try integer(value) }
    func encode(_ value: Int32) throws { try integer(value) }
    func encode(_ value: Int64) throws { try integer(value) }
    func encode(_ value: UInt) throws { try integer(value) }
    func encode(_ value: UInt8) throws { try integer(value) }
    func encode(_ value: UInt16) throws { try integer(value) }
    func encode(_ value: UInt32) throws { try integer(value) }
    func encode(_ value: UInt64) throws { try integer(value) }
    func encode<T: Encodable>(_ value: T) throws { try box(value) }

    private func integer<T: BinaryInteger>(_ value: T) throws {
        if let exact = Int64(exactly: value) {
            slot.content = .value(.int(exact))
        } else {
            slot.content = .value(.double(Double(value)))
        }
    }

    /// JSON has no NaN or infinity; `JSONEncoder` refuses them too.
    static func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
        }
        return .double(value)
    }
}

struct JSONValueKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONValueEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func member(_ key: any CodingKey) -> JSONValueEncoding {
        let (slot, child) = encoder.child(key)
        if case .object(var members) = encoder.slot.content {
            encoder.slot.content = .value(.null)  // the only reference left: the members grow in place
            members[key.stringValue] = slot
            encoder.slot.content = .object(members)
        }
        return child
    }

    mutating func encodeNil(forKey key: Key) { member(key).encodeNil() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try member(key).box(value) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try member(key).box(value)
        } else if encoder.options.nilEncoding == .null {
            member(key).encodeNil()
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
    let encoder: JSONValueEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int {
        if case .array(let elements) = encoder.slot.content { return elements.count }
        return 0
    }

    private func element() -> JSONValueEncoding {
        let (slot, child) = encoder.child(JSONValueKey(index: count))
        if case .array(var elements) = encoder.slot.content {
            encoder.slot.content = .value(.null)  // the only reference left: the elements grow in place
            elements.append(slot)
            encoder.slot.content = .array(elements)
        }
        return child
    }

    mutating func encodeNil() { element().encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try element().box(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        element().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { element() }
}
