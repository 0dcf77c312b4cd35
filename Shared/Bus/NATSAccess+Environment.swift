import Foundation

extension NATSAccess {
    /// Reads `FOLIO_NATS_USER` with `FOLIO_NATS_PASSWORD` or `FOLIO_NATS_PASSWORD_FILE`, and `FOLIO_NATS_TLS_CA`
    /// with the optional `FOLIO_NATS_TLS_CERT` and `FOLIO_NATS_TLS_KEY` (docs/operations.md). Nothing set is
    /// ``anonymous``; a half-given or unreadable setting throws.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(NATSAccessError) -> NATSAccess {
        func value(_ name: String) -> String? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            return text
        }
        var access = NATSAccess()
        if let user = value("FOLIO_NATS_USER") {
            guard isSubjectToken(user) else {
                throw NATSAccessError(
                    variable: "FOLIO_NATS_USER", problem: "must be one subject token (letters, digits, - or _)")
            }
            access.user = user
            access.password = try password(
                inline: value("FOLIO_NATS_PASSWORD"), file: value("FOLIO_NATS_PASSWORD_FILE"))
        } else if value("FOLIO_NATS_PASSWORD") != nil || value("FOLIO_NATS_PASSWORD_FILE") != nil {
            throw NATSAccessError(variable: "FOLIO_NATS_USER", problem: "is not set, but a password is")
        }
        access.tls = try tls(
            ca: value("FOLIO_NATS_TLS_CA"), certificate: value("FOLIO_NATS_TLS_CERT"), key: value("FOLIO_NATS_TLS_KEY"))
        return access
    }

    private static func password(inline: String?, file: String?) throws(NATSAccessError) -> String {
        switch (inline, file) {
        case (let password?, nil):
            return password
        case (nil, let path?):
            guard let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else { throw NATSAccessError(variable: "FOLIO_NATS_PASSWORD_FILE", problem: "cannot read \(path)") }
            let password = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !password.isEmpty else {
                throw NATSAccessError(variable: "FOLIO_NATS_PASSWORD_FILE", problem: "\(path) is empty")
            }
            return password
        case (nil, nil):
            throw NATSAccessError(
                variable: "FOLIO_NATS_PASSWORD", problem: "FOLIO_NATS_USER is set but neither password variable is")
        case (_?, _?):
            throw NATSAccessError(
                variable: "FOLIO_NATS_PASSWORD", problem: "set it or FOLIO_NATS_PASSWORD_FILE, not both")
        }
    }

    private static func tls(ca: String?, certificate: String?, key: String?) throws(NATSAccessError) -> NATSTLS? {
        guard let ca else {
            if certificate != nil || key != nil {
                throw NATSAccessError(variable: "FOLIO_NATS_TLS_CA", problem: "is not set, but a client certificate is")
            }
            return nil
        }
        guard (certificate == nil) == (key == nil) else {
            throw NATSAccessError(
                variable: certificate == nil ? "FOLIO_NATS_TLS_CERT" : "FOLIO_NATS_TLS_KEY",
                problem: "FOLIO_NATS_TLS_CERT and FOLIO_NATS_TLS_KEY go together")
        }
        for (variable, path) in [
            ("FOLIO_NATS_TLS_CA", ca), ("FOLIO_NATS_TLS_CERT", certificate), ("FOLIO_NATS_TLS_KEY", key),
        ] {
            if let path, !FileManager.default.isReadableFile(atPath: path) {
                throw NATSAccessError(variable: variable, problem: "cannot read \(path)")
            }
        }
        return NATSTLS(caFile: ca, certificateFile: certificate, keyFile: key)
    }

    /// A NATS user name that is also one token of a subject: no dots, wildcards or whitespace.
    static func isSubjectToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
            }
    }
}

/// A bus credential or TLS variable that is malformed, half given or names a file that cannot be read.
public struct NATSAccessError: Error, Sendable, CustomStringConvertible {
    public let variable: String
    public let problem: String

    public var description: String { "\(variable) \(problem)" }
}
