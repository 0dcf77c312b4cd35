/// Turns a NUL-terminated C buffer filled by libsodium into a `String`.
enum CString {
    static func decode(_ chars: [CChar]) -> String {
        let end = chars.firstIndex(of: 0) ?? chars.count
        return String(decoding: chars[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
