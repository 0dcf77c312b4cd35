import Foundation

/// The token that names a waiting request: the decimal number after the last dot of its reply subject
/// (`<inbox prefix>.<token>`).
enum ReplyToken {
    /// The number after the last `.` of `subject`, or nil when that part is empty, holds anything but ASCII
    /// digits, or is larger than a `UInt64`.
    static func last(of subject: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let start = subject.lastIndex(of: UInt8(ascii: ".")).map { $0 + 1 } ?? 0
        guard start < subject.count else { return nil }
        var token: UInt64 = 0
        for byte in subject[start...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times10, overflowed) = token.multipliedReportingOverflow(by: 10)
            let (sum, carried) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !carried else { return nil }
            token = sum
        }
        return token
    }

    /// The token of a NUL-terminated subject, as libnats hands it over.
    static func last(ofCString subject: UnsafePointer<CChar>) -> UInt64? {
        let length = strlen(subject)
        return subject.withMemoryRebound(to: UInt8.self, capacity: length) {
            last(of: UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
