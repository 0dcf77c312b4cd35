/// Finds where a run of string bytes that JSON copies as they are ends: at a quote, a backslash or a control
/// character. Eight bytes are tested at once, so long strings (record payloads) are read and written at
/// memory speed rather than one byte at a time.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The index of the first quote, backslash or control character in `bytes` at or after `start`, or
    /// `bytes.count` when there is none.
    static func plainEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if needsLook(word) { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return index }
            index += 1
        }
        return index
    }

    /// Whether one of the eight bytes is a quote, a backslash or below 0x20 (exact: no byte is missed, and a
    /// word without one is never flagged).
    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasLess(word, than: 0x20)
    }

    @inline(__always)
    private static func hasZero(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }

    @inline(__always)
    private static func hasLess(_ word: UInt64, than limit: UInt64) -> Bool {
        (word &- ones &* limit) & ~word & highs != 0
    }
}
