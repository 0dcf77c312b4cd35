import CNats
import FolioModel
import Foundation

/// Credentials, TLS and the server's permission errors on a libnats connection.
enum NATSSecurity {
    static func apply(_ access: NATSAccess, to options: OpaquePointer) throws(BusError) {
        if let user = access.user {
            try check(natsOptions_SetUserInfo(options, user, access.password ?? ""), "natsOptions_SetUserInfo")
        }
        guard let tls = access.tls else { return }
        try check(natsOptions_SetSecure(options, true), "natsOptions_SetSecure")
        try check(natsOptions_LoadCATrustedCertificates(options, tls.caFile), "TLS CA \(tls.caFile)")
        if let certificate = tls.certificateFile, let key = tls.keyFile {
            try check(natsOptions_LoadCertificatesChain(options, certificate, key), "TLS certificate \(certificate)")
        }
    }

    /// Reports the server's asynchronous errors: a refused publish goes to `publishRefused` with its subject,
    /// and every permission error is logged on standard error as one JSON line.
    static func reportErrors(
        of options: OpaquePointer, name: String, publishRefused: @escaping @Sendable (String) -> Void
    ) throws(BusError) {
        // libnats may call the handler on its callback thread even after the connection is destroyed, so the
        // sink is never released: one small object per connection.
        let sink = Unmanaged.passRetained(ErrorSink(name: name, publishRefused: publishRefused)).toOpaque()
        try check(natsOptions_SetErrorHandler(options, natsErrorCallback, sink), "natsOptions_SetErrorHandler")
    }

    /// A connection the server will not take as configured: wrong or missing credentials, TLS wanted on one side
    /// only, a certificate that does not verify. Retrying does not help.
    static func isRefusal(_ status: natsStatus) -> Bool {
        [
            NATS_CONNECTION_AUTH_FAILED, NATS_NOT_PERMITTED, NATS_SECURE_CONNECTION_REQUIRED,
            NATS_SECURE_CONNECTION_WANTED, NATS_SSL_ERROR,
        ].contains(status)
    }

    /// libnats's own text for the calling thread's last error, which says more than the status.
    static func lastErrorText(_ status: natsStatus) -> String {
        var last = NATS_OK
        let text = nats_GetLastError(&last).map { String(cString: $0) } ?? ""
        return text.isEmpty ? statusText(status) : "\(statusText(status)): \(text)"
    }

    /// The subject of `Permissions Violation for Publish to "subject"`, or nil for any other error text.
    static func refusedPublishSubject(_ text: String) -> String? {
        guard let range = text.range(of: "Permissions Violation for Publish to ", options: .caseInsensitive) else {
            return nil
        }
        let subject = text[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\"' \r\n"))
        return subject.isEmpty ? nil : subject
    }
}

/// Where a connection's asynchronous errors go.
final class ErrorSink: Sendable {
    let name: String
    let publishRefused: @Sendable (String) -> Void

    init(name: String, publishRefused: @escaping @Sendable (String) -> Void) {
        self.name = name
        self.publishRefused = publishRefused
    }

    func receive(status: natsStatus, text: String) {
        guard status == NATS_NOT_PERMITTED else { return }
        if let subject = NATSSecurity.refusedPublishSubject(text) { publishRefused(subject) }
        let fields: JSONValue = [
            "level": "warning", "message": "bus permission denied", "connection": .string(name),
            "error": .string(text),
        ]
        FileHandle.standardError.write(Data(fields.serialized() + [UInt8(ascii: "\n")]))
    }
}

private func natsErrorCallback(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ status: natsStatus,
    _ closure: UnsafeMutableRawPointer?
) {
    guard let closure else { return }
    var text = ""
    if let connection {
        var pointer: UnsafePointer<CChar>?
        _ = natsConnection_GetLastError(connection, &pointer)
        text = pointer.map { String(cString: $0) } ?? ""
    }
    Unmanaged<ErrorSink>.fromOpaque(closure).takeUnretainedValue().receive(status: status, text: text)
}
