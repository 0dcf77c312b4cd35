/// Reads a fuzz input in parts, so that a seed can be plain text: lines for the strings, single bytes for small
/// numbers and choices. Running out of input gives empty parts, never a crash.
struct FuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, 0 past the end.
    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// The bytes up to the next newline (which is dropped), as text; invalid UTF-8 is repaired as Swift repairs it.
    mutating func line() -> String {
        let start = index
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if index < bytes.count { index += 1 }
        return text
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { index = bytes.count }
        return Array(bytes[min(index, bytes.count)...])
    }

    /// Everything not read yet, as text.
    mutating func restText() -> String {
        String(decoding: rest(), as: UTF8.self)
    }
}

/// A rule the fed code promises (round trips, idempotence) that does not hold: the process stops so libFuzzer
/// writes the input down as a crash.
enum FuzzCheck {
    static func fail(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
        fatalError(message(), file: file, line: line)
    }
}
