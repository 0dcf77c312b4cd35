import FolioModel
import WireModel

/// A date and a time of day to the minute, without a zone, written `YYYY-MM-DDTHH:MM` (the value of a date
/// field with `includeTime`). Codable (and a WireValue) as its ISO text.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let hour: Int
    public let minute: Int

    /// `nil` for an hour outside 0–23 or a minute outside 0–59.
    public init?(date: LocalDate, hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// Reads exactly `YYYY-MM-DDTHH:MM` (ASCII digits) of a day that exists.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        guard bytes.count == 16, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            let date = LocalDate(iso: String(decoding: bytes[0..<10], as: UTF8.self)),
            let hour = ISODigits.number(bytes[11..<13]), let minute = ISODigits.number(bytes[14..<16])
        else { return nil }
        self.init(date: date, hour: hour, minute: minute)
    }

    /// `YYYY-MM-DDTHH:MM`.
    public var iso: String { "\(date.iso)T\(ISODigits.padded(hour, 2)):\(ISODigits.padded(minute, 2))" }

    public var description: String { iso }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.date, lhs.hour, lhs.minute) < (rhs.date, rhs.hour, rhs.minute)
    }
}

extension LocalDateTime: WireValue {
    public var json: JSONValue { .string(iso) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .string(let text) = json else { throw .wrongType(path, expected: "a string") }
        guard let value = LocalDateTime(iso: text) else {
            throw .invalid(path, "must be a date and time YYYY-MM-DDTHH:MM that exists")
        }
        self = value
    }
}
