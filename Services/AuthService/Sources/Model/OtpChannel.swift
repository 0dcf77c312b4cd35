import FolioWire
import WireModel

/// Where the one-time code of an Otp phase was sent: by email (the phase's destination is the masked address,
/// `p***@example.com`) or by text message (the masked number, `+41 ** *** ** 67`). Folio's own enum: its wire
/// shape `{type: 'EMAIL'}` is the store model's too.
public typealias OtpChannel = FolioOtpChannel

extension FolioOtpChannel: WirePlainEnum {
    public var wireType: String { rawValue }
    public static var wireName: String { "OtpChannel" }
}
