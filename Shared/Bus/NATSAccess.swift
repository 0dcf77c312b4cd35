/// Who a connection is on nats-server and how it reaches it: the user and password of the process
/// (docs/operations.md "Bus credentials") and, where the hosts are apart, TLS.
public struct NATSAccess: Sendable, Hashable {
    /// The NATS user, also the middle token of the connection's reply inbox (`_INBOX.<user>.…`), so that
    /// nats-server can let each user read only its own replies. Nil connects without credentials.
    public var user: String?
    public var password: String?
    /// TLS to nats-server; nil connects in plain text (loopback, or a private network).
    public var tls: NATSTLS?

    public init(user: String? = nil, password: String? = nil, tls: NATSTLS? = nil) {
        self.user = user
        self.password = password
        self.tls = tls
    }

    /// No credentials, no TLS: a nats-server without an `authorization` block.
    public static let anonymous = NATSAccess()

    /// The prefix of the connection's reply subjects: `_INBOX.<user>` with a user, `_INBOX` without.
    var inboxRoot: String { user.map { "_INBOX.\($0)" } ?? "_INBOX" }
}

/// TLS to nats-server: the certificate authority that signed the server's certificate and, when the server
/// asks for client certificates (`verify: true`), this process's own certificate and key (PEM files).
public struct NATSTLS: Sendable, Hashable {
    public var caFile: String
    public var certificateFile: String?
    public var keyFile: String?

    public init(caFile: String, certificateFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certificateFile = certificateFile
        self.keyFile = keyFile
    }
}
