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
        var line: [String: String] = metadata.merging(fields) { _, new in new }
        line["time"] = Date().formatted(
            .iso8601.year().month().day().timeZone(separator: .omitted).time(includingFractionalSeconds: true)
                .timeSeparator(.colon))
        line["level"] = level.rawValue
        line["service"] = service
        line["message"] = message
        let data =
            (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        FileHandle.standardError.write(data + Data([0x0A]))
    }
}
