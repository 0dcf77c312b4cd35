import Foundation

/// RFC 3339 UTC times as the Folio API writes them: `2025-01-01T00:00:00Z`, with fractional seconds only when
/// the instant has them.
public enum RFC3339Time {
    private static let whole = Date.ISO8601FormatStyle()
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// Reads a time with or without fractional seconds; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        if let date = try? whole.parse(text) { return date }
        return try? fractional.parse(text)
    }

    /// Writes a time, with milliseconds only when it has a fraction of a second.
    public static func format(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        return seconds.rounded(.down) == seconds ? whole.format(date) : fractional.format(date)
    }
}
