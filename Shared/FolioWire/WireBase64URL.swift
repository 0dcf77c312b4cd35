import Foundation

/// Canonical unpadded base64url (RFC 4648 §5), the form Folio sends bytes in.
enum WireBase64URL {
    struct Malformed: Error {}

    static func encode(_ bytes: [UInt8]) -> String {
        var text = Data(bytes).base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return String(text.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 })
    }

    /// Refuses any character outside `A-Z a-z 0-9 - _` (padding and whitespace too), an impossible length and
    /// non-zero unused trailing bits, like Crypto's `Base64URL`.
    static func decode(_ text: String) throws(Malformed) -> [UInt8] {
        guard text.utf8.count % 4 != 1,
            text.utf8.allSatisfy({ byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            })
        else { throw Malformed() }
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while standard.utf8.count % 4 != 0 { standard.append("=") }
        guard let data = Data(base64Encoded: standard) else { throw Malformed() }
        let bytes = [UInt8](data)
        // A second spelling of the same bytes (other trailing bits) is not canonical.
        guard encode(bytes) == text else { throw Malformed() }
        return bytes
    }
}
