import CShims

extension HTTPServer {
    /// The certificate and private key an ``HTTPServer`` serves HTTPS with, both PEM text. With one, the
    /// server speaks only HTTPS on its port (libmicrohttpd's TLS, GnuTLS on Debian).
    public struct TLSIdentity: Sendable, Equatable {
        /// The certificate chain, leaf first (PEM).
        public var certificatePEM: String
        /// The private key of the leaf certificate (PEM, unencrypted).
        public var privateKeyPEM: String

        public init(certificatePEM: String, privateKeyPEM: String) {
            self.certificatePEM = certificatePEM
            self.privateKeyPEM = privateKeyPEM
        }
    }

    /// Whether this process's libmicrohttpd was built with TLS (`MHD_FEATURE_TLS`).
    public static var supportsTLS: Bool { folio_mhd_tls_supported() == 1 }
}
