/// A link url that does not parse; the store fails the update with INVALID_LINK and keeps its previous state.
public struct InvalidLinkError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Equatable, Sendable {
        /// Nothing but spaces.
        case empty
        /// A control character (U+0000–U+001F, U+007F–U+009F), such as a tab or a line break.
        case controlCharacter
        /// No `scheme:` at the start.
        case noScheme
        /// An http or https url without a host.
        case noHost
        /// A host with a space or another character hosts may not have.
        case badHost
        /// A port that is not a number from 0 to 65535.
        case badPort
        /// A `%` not followed by two hex digits.
        case badPercentEscape
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
            case .controlCharacter: "has a control character"
            case .noScheme: "has no scheme"
            case .noHost: "has no host"
            case .badHost: "has a host with a character hosts may not have"
            case .badPort: "has a port that is not a number from 0 to 65535"
            case .badPercentEscape: "has a % not followed by two hex digits"
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
    static let badPercentEscape = LinkPartError(reason: .badPercentEscape)
}
