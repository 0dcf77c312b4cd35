import FolioModel
import WireModel

/// Which mapper saves the identities of each organization (docs/operations.md "Identity record mappers"), read
/// from `FOLIO_IDENTITY_MAPPERS`: a JSON object from organization id (or `default`) to a mapper,
/// `{"type": "SAVED_IDENTITY"}` or `{"type": "WEBHOOK", "url", "secret": "whsec_…", "timeoutMs"?,
/// "maxAnswerBytes"?}`. Without it, every organization has the built-in SavedIdentityMapper.
public struct IdentityMapperConfiguration: Sendable, Equatable {
    public enum Mapper: Sendable, Equatable {
        case savedIdentity
        case webhook(WebhookMapperSettings)
    }

    public var byOrganization: [String: Mapper]
    public var fallback: Mapper

    public init(byOrganization: [String: Mapper] = [:], fallback: Mapper = .savedIdentity) {
        self.byOrganization = byOrganization
        self.fallback = fallback
    }

    public func mapper(for organizationID: String) -> Mapper { byOrganization[organizationID] ?? fallback }

    /// Reads the variable's JSON; a mapper that does not read fails the start with the path of the mistake.
    public init(json text: String) throws(WireDecodingError) {
        let json: JSONValue
        do {
            json = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw .invalid("FOLIO_IDENTITY_MAPPERS", "is not JSON: \(error)")
        }
        guard case .object(let members) = json else {
            throw .wrongType("FOLIO_IDENTITY_MAPPERS", expected: "an object from organization id to mapper")
        }
        var byOrganization: [String: Mapper] = [:]
        var fallback = Mapper.savedIdentity
        for (organization, value) in members {
            let mapper = try Self.mapper(value, path: "FOLIO_IDENTITY_MAPPERS.\(organization)")
            if organization == "default" { fallback = mapper } else { byOrganization[organization] = mapper }
        }
        self.init(byOrganization: byOrganization, fallback: fallback)
    }

    private static func mapper(_ json: JSONValue, path: String) throws(WireDecodingError) -> Mapper {
        let tagged = try WireObject(json, path: path, fields: ["type", "url", "secret", "timeoutMs", "maxAnswerBytes"])
        switch try tagged.text("type") {
        case "SAVED_IDENTITY": return .savedIdentity
        case "WEBHOOK":
            let timeout = try tagged.optionalInt64("timeoutMs") ?? 5000
            let maxAnswer = try tagged.optionalInt64("maxAnswerBytes") ?? 1 << 20
            guard (1...60_000).contains(timeout) else { throw .invalid(tagged.path("timeoutMs"), "must be 1 to 60000") }
            guard (1...(16 << 20)).contains(maxAnswer) else {
                throw .invalid(tagged.path("maxAnswerBytes"), "must be 1 to 16777216")
            }
            let url = try tagged.text("url")
            guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
                throw .invalid(tagged.path("url"), "must be an http or https URL")
            }
            let secret = try tagged.text("secret")
            guard secret.hasPrefix("whsec_") else { throw .invalid(tagged.path("secret"), "must start with whsec_") }
            return .webhook(
                WebhookMapperSettings(
                    url: url, secret: secret, timeoutMilliseconds: timeout, maxAnswerBytes: Int(maxAnswer)))
        case let other:
            throw .invalid(tagged.path("type"), "\(other) is neither SAVED_IDENTITY nor WEBHOOK")
        }
    }
}

/// Where and how the webhook mapper asks the operator.
public struct WebhookMapperSettings: Sendable, Equatable {
    public var url: String
    /// `whsec_` and the base64 key (Standard Webhooks).
    public var secret: String
    public var timeoutMilliseconds: Int64
    public var maxAnswerBytes: Int
}
