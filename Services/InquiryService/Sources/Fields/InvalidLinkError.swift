/// A link url that does not parse; the store fails the update with INVALID_LINK and keeps its previous state.
public struct InvalidLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Equatable, Sendable {
        /// Nothing but spaces and control characters.
        case empty
        /// No `scheme:` at the start.
        case noScheme
        /// A url of a special scheme (http, https, ws, wss, ftp) without a host, or user info or a port without
        /// a host.
        case noHost
        /// A host the URL Standard's host parser refuses: a character hosts may not have, an IPv4 or IPv6
        /// address that is not one, or an international name that UTS #46 refuses.
        case badHost
        /// A port that is not a number from 0 to 65535.
        case badPort
    }

    /// The url (its first 256 characters).
    public let url: String
    public let reason: Reason

    public init(url: String, reason: Reason) {
        self.url = String(url.prefix(256))
        self.reason = reason
    }

    public var description: String {
        let why =
            switch reason {
            case .empty: "is empty"
            case .noScheme: "has no scheme"
            case .noHost: "has no host"
            case .badHost: "has a host that does not parse"
            case .badPort: "has a port that is not a number from 0 to 65535"
            }
        return "link \"\(url)\" \(why)"
    }
}

/// What a part of a url that does not parse throws; ``LinkNormalizer`` names the whole url.
struct LinkPartError: Error, Equatable {
    let reason: InvalidLinkError.Reason

    static let noHost = LinkPartError(reason: .noHost)
    static let badHost = LinkPartError(reason: .badHost)
    static let badPort = LinkPartError(reason: .badPort)
}
