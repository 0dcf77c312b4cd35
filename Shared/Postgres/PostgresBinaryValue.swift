/// Result values read in PostgreSQL's binary format, turned into what the text format gives (``PostgresValue``):
/// the same decoders read both. A statement that returns `bytea` asks for binary results once a run showed that
/// every one of its columns has a type read here: a `bytea` then arrives as its bytes, where its text is hex,
/// twice as long, made by the server and decoded here.
enum PostgresBinaryValue {
    /// The types whose binary form is read here.
    static let readable: Set<PostgresDataType> = [
        .bool, .bytea, .int2, .int4, .int8, .oidType, .text, .varchar, .bpchar, .name, .json, .jsonb,
    ]

    /// Whether a statement with results of `types` should ask for them in binary: it returns a `bytea`, and every
    /// type is readable.
    static func suits(_ types: [PostgresDataType]) -> Bool {
        types.contains(.bytea) && types.allSatisfy(readable.contains)
    }

    /// The value of a binary cell of `type` as the text format gives it; nil when it is not a well-formed value of
    /// a readable type.
    static func value(_ type: PostgresDataType, _ bytes: UnsafeRawBufferPointer) -> PostgresValue? {
        switch type {
        case .bytea: return .bytes(Array(bytes))
        case .text, .varchar, .bpchar, .name, .json: return .text(String(decoding: bytes, as: UTF8.self))
        case .jsonb:
            // A version byte (1), then the JSON text.
            guard bytes.first == 1 else { return nil }
            return .text(String(decoding: UnsafeRawBufferPointer(rebasing: bytes.dropFirst()), as: UTF8.self))
        case .bool:
            guard bytes.count == 1 else { return nil }
            return .text(bytes[0] == 0 ? "f" : "t")
        case .int2:
            guard bytes.count == 2 else { return nil }
            return .text(String(Int16(truncatingIfNeeded: bigEndian(bytes))))
        case .int4:
            guard bytes.count == 4 else { return nil }
            return .text(String(Int32(truncatingIfNeeded: bigEndian(bytes))))
        case .oidType:
            guard bytes.count == 4 else { return nil }
            return .text(String(UInt32(truncatingIfNeeded: bigEndian(bytes))))
        case .int8:
            guard bytes.count == 8 else { return nil }
            return .text(String(Int64(bitPattern: bigEndian(bytes))))
        default: return nil
        }
    }

    private static func bigEndian(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
