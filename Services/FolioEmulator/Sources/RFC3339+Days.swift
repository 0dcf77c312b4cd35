import Foundation

extension RFC3339 {
    /// A day `YYYY-MM-DD` as the instant 00:00 UTC of it; nil when it is not one.
    static func parseDay(_ text: String) -> Date? {
        let digits = text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (0x30...0x39).contains(byte)
        }
        guard text.utf8.count == 10, digits, let date = parse(text + "T00:00:00Z") else { return nil }
        return formatDay(date) == text ? date : nil
    }

    /// The UTC day of an instant, `YYYY-MM-DD`.
    static func formatDay(_ date: Date) -> String {
        String(format(date).prefix(10))
    }
}
