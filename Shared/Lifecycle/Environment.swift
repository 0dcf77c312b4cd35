import Foundation

/// Reads configuration from environment variables, with defaults and clear errors. Every variable a
/// process reads is listed in docs/operations.md.
public struct Environment: Sendable {
    public struct Invalid: Error, CustomStringConvertible {
        public let variable: String
        public let value: String
        public let expected: String
        public var description: String { "\(variable)=\(value) is not valid: expected \(expected)" }

        public init(variable: String, value: String, expected: String) {
            self.variable = variable
            self.value = value
            self.expected = expected
        }
    }

    /// Every variable, for readers that take the whole environment (such as `NATSAccess.fromEnvironment`).
    public let values: [String: String]

    public init(_ values: [String: String] = ProcessInfo.processInfo.environment) { self.values = values }

    public func string(_ name: String, default fallback: String) -> String {
        guard let value = values[name], !value.isEmpty else { return fallback }
        return value
    }

    public func optionalString(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    public func int(_ name: String, default fallback: Int) throws -> Int {
        guard let text = values[name], !text.isEmpty else { return fallback }
        guard let value = Int(text) else { throw Invalid(variable: name, value: text, expected: "an integer") }
        return value
    }

    public func port(_ name: String, default fallback: UInt16) throws -> UInt16 {
        guard let text = values[name], !text.isEmpty else { return fallback }
        guard let value = UInt16(text) else {
            throw Invalid(variable: name, value: text, expected: "a port number 0-65535")
        }
        return value
    }

    public func bool(_ name: String, default fallback: Bool) throws -> Bool {
        guard let text = values[name]?.lowercased(), !text.isEmpty else { return fallback }
        switch text {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw Invalid(variable: name, value: text, expected: "true or false")
        }
    }
}
