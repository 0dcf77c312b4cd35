import FolioModel
import FolioWire

extension FolioAuthMethod {
    var json: JSONValue { ["type": .string(rawValue)] }

    /// Methods whose wrong answers count against the code lock (the password has its own).
    var isCode: Bool { self == .otp || self == .totp || self == .recoveryCode }
}

extension FolioSocialProvider {
    /// The path segment of the provider's authorize route, e.g. `google`.
    var pathName: String { rawValue.lowercased() }
}
