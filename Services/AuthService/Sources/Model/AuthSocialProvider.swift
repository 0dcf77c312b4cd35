import FolioWire
import WireModel

/// An external identity provider of the SocialRedirect and SocialCallback phases: Folio's own enum, whose wire
/// shape `{type: 'GITHUB'}` is the store model's too.
public typealias AuthSocialProvider = FolioSocialProvider

extension FolioSocialProvider: WirePlainEnum {
    public var wireType: String { rawValue }
    public static var wireName: String { "AuthSocialProvider" }
}
