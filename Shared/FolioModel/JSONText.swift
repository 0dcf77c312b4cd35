/// One JSON value kept as the bytes it came in, once they were found to be valid JSON (``JSONScanner``) or
/// written by ``JSONValue/serialized()``. Passing it on costs a copy of the bytes, not a parse and a
/// serialization.
public struct JSONText: Sendable, Hashable {
    public let bytes: ArraySlice<UInt8>

    /// Only the scanner and the serializer make one, so the bytes are always one valid JSON value.
    init(checked bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    public init(serializing value: JSONValue) {
        bytes = value.serialized()[...]
    }

    /// The value the bytes stand for.
    public func parsed(maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(bytes), maxDepth: maxDepth)
    }

    /// The members of the value when it is an object, each value as its bytes (no parse); nil for any other
    /// value.
    public func members() -> [JSONMember]? {
        guard bytes.first == UInt8(ascii: "{") else { return nil }
        return try? JSONScanner.members(ofValid: bytes, maxDepth: .max)
    }

    public func write(to output: inout [UInt8]) {
        output.append(contentsOf: bytes)
    }
}
