import Foundation

/// JSON-lines logs on standard error: one object per line with time, level, service, message and fields.
public struct Logger: Sendable {
    public enum Level: String, Sendable, Comparable {
        case debug, info, warning, error

        private var rank: Int {
            switch self {
            case .debug: 0
            case .info: 1
            case .warning: 2
            case .error: 3
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    public let service: String
    public let minimumLevel: Level
    private let metadata: [String: String]

    public init(service: String, minimumLevel: Level = .info, metadata: [String: String] = [:]) {
        self.service = service
        self.minimumLevel = minimumLevel
        self.metadata = metadata
    }

    /// A logger whose lines also carry `fields` (a request id, a store id).
    public func with(_ fields: [String: String]) -> Logger {
        Logger(service: service, minimumLevel: minimumLevel, metadata: metadata.merging(fields) { _, new in new })
    }

    public func debug(_ message: String, _ fields: [String: String] = [:]) { log(.debug, message, fields) }
    public func info(_ message: String, _ fields: [String: String] = [:]) { log(.info, message, fields) }
    public func warning(_ message: String, _ fields: [String: String] = [:]) { log(.warning, message, fields) }
    public func error(_ message: String, _ fields: [String: String] = [:]) { log(.error, message, fields) }

    public func log(_ level: Level, _ message: String, _ fields: [String: String] = [:]) {
        guard level >= minimumLevel else { return }
        FileHandle.standardError.write(Data(line(level, message, fields, at: Date())))
    }

    /// The line `log` writes, newline included: a JSON object with keys in order, `time` as RFC 3339 UTC with
    /// milliseconds. Fields named `time`, `level`, `service` or `message` are overridden by the line's own.
    public func line(_ level: Level, _ message: String, _ fields: [String: String], at date: Date) -> [UInt8] {
        var members = metadata.merging(fields) { _, new in new }
        members["time"] = Self.timestamp(date)
        members["level"] = level.rawValue
        members["service"] = service
        members["message"] = message
        // Built by hand: JSONSerialization and Date.formatted cost more than the rest of a request.
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(UInt8(ascii: "{"))
        for (index, key) in members.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.appendString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            Self.appendString(members[key] ?? "", to: &out)
        }
        out.append(contentsOf: [UInt8(ascii: "}"), 0x0A])
        return out
    }

    /// `2025-01-01T00:00:00.000Z`.
    private static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return "1970-01-01T00:00:00.000Z" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return digits(parts.tm_year + 1900, 4) + "-" + digits(parts.tm_mon + 1, 2) + "-" + digits(parts.tm_mday, 2)
            + "T" + digits(parts.tm_hour, 2) + ":" + digits(parts.tm_min, 2) + ":" + digits(parts.tm_sec, 2) + "."
            + digits(Int32(milliseconds % 1000), 3) + "Z"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
