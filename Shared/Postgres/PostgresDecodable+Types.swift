import Foundation

private let integerTypes: Set<PostgresDataType> = [.int2, .int4, .int8, .oidType]

extension String: PostgresDecodable {
    /// Reads the text form of any column except `bytea` (use `[UInt8]` for that).
    public init(postgresCell cell: PostgresCell) throws {
        guard cell.type != .bytea else { throw cell.mismatch(Self.self) }
        self = String(copyingStorageOf: try cell.requireText(Self.self))
    }

    /// `text` in storage of its own, allocated on the calling thread. A result's rows are made on the
    /// connection's thread among the large texts of the whole result, all freed together once it is read. A
    /// string kept out of a row (the id of each record of a vault's model) that shared the row's storage stayed
    /// behind in that memory, one small block every few KiB, and kept nearly all of its pages resident.
    init(copyingStorageOf text: String) {
        var text = text
        self = text.withUTF8 { utf8 in
            String(unsafeUninitializedCapacity: utf8.count) { buffer in
                _ = buffer.initialize(fromContentsOf: utf8)
                return utf8.count
            }
        }
    }
}

extension FixedWidthInteger {
    fileprivate init(integerCell cell: PostgresCell) throws {
        guard integerTypes.contains(cell.type) else { throw cell.mismatch(Self.self) }
        let text = try cell.requireText(Self.self)
        guard let value = Self(text) else {
            throw cell.mismatch(Self.self, "\"\(text)\" is not a \(Self.self)")
        }
        self = value
    }
}

extension Int: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { try self.init(integerCell: cell) }
}

extension Int64: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { try self.init(integerCell: cell) }
}

extension Int32: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws { try self.init(integerCell: cell) }
}

extension Bool: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        guard cell.type == .bool else { throw cell.mismatch(Self.self) }
        switch try cell.requireText(Self.self) {
        case "t": self = true
        case "f": self = false
        case let text: throw cell.mismatch(Self.self, "\"\(text)\" is not a boolean")
        }
    }
}

extension Double: PostgresDecodable {
    /// Reads `float4`, `float8`, `numeric` and integer columns.
    public init(postgresCell cell: PostgresCell) throws {
        guard [.float4, .float8, .numeric].contains(cell.type) || integerTypes.contains(cell.type)
        else {
            throw cell.mismatch(Self.self)
        }
        let text = try cell.requireText(Self.self)
        guard let value = Double(text) else {
            throw cell.mismatch(Self.self, "\"\(text)\" is not a number")
        }
        self = value
    }
}

extension Array: PostgresDecodable where Element == UInt8 {
    /// Reads a `bytea` column (hex output format, which every connection of this module selects).
    public init(postgresCell cell: PostgresCell) throws {
        guard cell.type == .bytea else { throw cell.mismatch(Self.self) }
        if case .bytes(let bytes) = cell.value {
            self = bytes
            return
        }
        let text = try cell.requireText(Self.self)
        guard let bytes = PostgresHex.decodeBytea(text) else {
            throw cell.mismatch(Self.self, "not bytea hex output")
        }
        self = bytes
    }
}

extension Date: PostgresDecodable {
    /// Reads `timestamptz`; `timestamp` and `date` are taken as UTC.
    public init(postgresCell cell: PostgresCell) throws {
        guard [.timestamptz, .timestamp, .date].contains(cell.type) else {
            throw cell.mismatch(Self.self)
        }
        let text = try cell.requireText(Self.self)
        guard let date = PostgresTimestamp.parse(text) else {
            throw cell.mismatch(Self.self, "\"\(text)\" is not an ISO timestamp")
        }
        self = date
    }
}

extension UUID: PostgresDecodable {
    /// Reads `uuid` columns and text columns holding a UUID.
    public init(postgresCell cell: PostgresCell) throws {
        guard [.uuid, .text, .varchar, .bpchar].contains(cell.type) else {
            throw cell.mismatch(Self.self)
        }
        let text = try cell.requireText(Self.self)
        guard let uuid = UUID(uuidString: text) else {
            throw cell.mismatch(Self.self, "\"\(text)\" is not a UUID")
        }
        self = uuid
    }
}

enum PostgresHex {
    /// Decodes bytea hex output such as `\x00ff`.
    static func decodeBytea(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decodeBytea(UnsafeRawBufferPointer($0)) }
    }

    /// Decodes bytea hex output such as `\x00ff` from the bytes of its text.
    static func decodeBytea(_ utf8: UnsafeRawBufferPointer) -> [UInt8]? {
        guard utf8.count >= 2, utf8[0] == UInt8(ascii: "\\"), utf8[1] == UInt8(ascii: "x"), utf8.count % 2 == 0
        else { return nil }
        let count = (utf8.count - 2) / 2
        var valid = true
        let bytes = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
                for offset in 0..<count {
                    let high = values[Int(utf8[2 + 2 * offset])]
                    let low = values[Int(utf8[3 + 2 * offset])]
                    guard high | low < 16 else {
                        valid = false
                        break
                    }
                    output[offset] = high << 4 | low
                }
                initialized = valid ? count : 0
            }
        }
        return valid ? bytes : nil
    }

    /// The hex output form of `bytes`: `\x` and two lowercase digits a byte.
    static func encodeBytea(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 2 + 2 * bytes.count) { output in
            output[0] = UInt8(ascii: "\\")
            output[1] = UInt8(ascii: "x")
            for (offset, byte) in bytes.enumerated() {
                output[2 + 2 * offset] = digits[Int(byte >> 4)]
                output[3 + 2 * offset] = digits[Int(byte & 0x0F)]
            }
            return 2 + 2 * bytes.count
        }
    }

    /// Each byte's value as a hex digit, or 0xFF when it is not one.
    private static let values: [UInt8] = (0...255).map { nibble(UInt8($0)) ?? 0xFF }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
