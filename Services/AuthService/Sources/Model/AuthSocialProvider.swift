import WireModel

/// An external identity provider of the SocialRedirect and SocialCallback phases. Wire: `{type: 'GITHUB'}`.
public enum AuthSocialProvider: WirePlainEnum {
    case google
    case apple
    case microsoft
    case github
    case facebook

    public var wireType: String {
        switch self {
        case .google: "GOOGLE"
        case .apple: "APPLE"
        case .microsoft: "MICROSOFT"
        case .github: "GITHUB"
        case .facebook: "FACEBOOK"
        }
    }
}
