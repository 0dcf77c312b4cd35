/// Checks for names that must be spliced into SQL text because PostgreSQL takes no parameter
/// there (`LISTEN channel`, a migrations table name).
enum PostgresIdentifier {
    /// ASCII letters, digits and `_`, not starting with a digit, at most 63 bytes.
    static func isPlain(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...63).contains(bytes.count),
            !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0])
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// `name` or `schema.name`, each part plain.
    static func isPlainQualified(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { isPlain(String($0)) }
    }
}
