import WireModel

/// Where the one-time code of an Otp phase was sent. Wire: `{type: 'EMAIL'}`.
public enum OtpChannel: WirePlainEnum {
    /// By email; the phase's destination is the masked address (`p***@example.com`).
    case email
    /// By text message; the phase's destination is the masked number (`+41 ** *** ** 67`).
    case sms

    public var wireType: String {
        switch self {
        case .email: "EMAIL"
        case .sms: "SMS"
        }
    }
}
