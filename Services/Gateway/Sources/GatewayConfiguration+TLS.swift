import Foundation
import HTTP
import Lifecycle

extension GatewayConfiguration {
    static let tlsCertificateVariable = "FOLIO_GATEWAY_TLS_CERT_FILE"
    static let tlsKeyVariable = "FOLIO_GATEWAY_TLS_KEY_FILE"

    /// The certificate and key files named by `FOLIO_GATEWAY_TLS_CERT_FILE` and `FOLIO_GATEWAY_TLS_KEY_FILE`:
    /// nil when neither is set; an error when only one is, or when a file does not read as PEM.
    static func tls(_ environment: Environment) throws -> HTTPServer.TLSIdentity? {
        let certificatePath = environment.optionalString(tlsCertificateVariable)
        let keyPath = environment.optionalString(tlsKeyVariable)
        switch (certificatePath, keyPath) {
        case (nil, nil):
            return nil
        case (.some, nil):
            throw GatewayError.invalidConfiguration(
                tlsKeyVariable, "must be set with \(tlsCertificateVariable) (HTTPS needs both a certificate and a key)")
        case (nil, .some):
            throw GatewayError.invalidConfiguration(
                tlsCertificateVariable, "must be set with \(tlsKeyVariable) (HTTPS needs both a certificate and a key)")
        case (.some(let certificatePath), .some(let keyPath)):
            return HTTPServer.TLSIdentity(
                certificatePEM: try pem(tlsCertificateVariable, certificatePath, label: "CERTIFICATE"),
                privateKeyPEM: try pem(tlsKeyVariable, keyPath, label: "PRIVATE KEY"))
        }
    }

    /// The text of a PEM file holding a block whose label ends with `label`.
    private static func pem(_ variable: String, _ path: String, label: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GatewayError.invalidConfiguration(variable, "cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8), text.contains("-----BEGIN "),
            text.contains("\(label)-----")
        else {
            throw GatewayError.invalidConfiguration(variable, "\(path) holds no PEM \(label)")
        }
        return text
    }
}
