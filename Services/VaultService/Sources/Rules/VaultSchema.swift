import WireModel
import FolioModel

/// The rules of a record's body (spec "Records belong to your organization", "RecordContent"), each in one
/// place:
/// - a schema name is 1–64 characters: a lowercase letter, then lowercase letters, digits, `-` or `_`;
/// - `digital` is reserved for documents organizations issue;
/// - the payload is JSON, at most `maxPayloadBytes` of UTF-8.
public enum VaultSchema {
    public static let maxLength = 64
    public static let reserved: Set<String> = ["digital"]
    /// 255 KiB of UTF-8, so the sealed body stays within Folio's 256 KiB.
    public static let maxPayloadBytes = 255 * 1024

    public static func check(schema name: String) throws(VaultError) {
        let bytes = Array(name.utf8)
        let isLower = { (byte: UInt8) in (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) }
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        guard let first = bytes.first, isLower(first), bytes.count <= maxLength,
            bytes.allSatisfy({ isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            throw .unknownSchema(
                message:
                    "\"\(name.prefix(80))\" is not a schema name: 1-\(maxLength) of a-z 0-9 - _, starting with a letter"
            )
        }
        guard !reserved.contains(name) else {
            throw .unknownSchema(message: "\"\(name)\" is reserved for issued documents")
        }
    }

    public static func check(_ content: RecordContent) throws(VaultError) {
        try check(schema: content.schema)
        let size = content.payload.utf8.count
        guard size <= maxPayloadBytes else {
            throw .invalidRequest(message: "the payload is \(size) bytes; the limit is \(maxPayloadBytes)")
        }
        do {
            _ = try JSONParser.parse(content.payload)
        } catch {
            throw .codec(message: "the payload is not JSON: \(error)")
        }
    }
}
