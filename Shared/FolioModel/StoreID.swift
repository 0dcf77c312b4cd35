/// The services that host stores. A store id starts with its service's prefix so the Gateway can route a
/// call without a lookup.
public enum StoreService: String, Sendable, CaseIterable, Codable {
    case inquiry
    case auth
    case vault
    case documents
    case example

    public var idPrefix: String {
        switch self {
        case .inquiry: "inq"
        case .auth: "ath"
        case .vault: "vlt"
        case .documents: "doc"
        case .example: "exm"
        }
    }

    /// The NATS service name (`folio.<service>.rpc`).
    public var busName: String { rawValue }
}

/// An unguessable store id: `<prefix>_<26 base32 characters>` (130 random bits).
public struct StoreID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public let service: StoreService

    public init?(_ rawValue: String) {
        guard rawValue.utf8.count == 30, let separator = rawValue.firstIndex(of: "_") else { return nil }
        let prefix = String(rawValue[..<separator])
        let body = rawValue[rawValue.index(after: separator)...]
        guard let service = StoreService.allCases.first(where: { $0.idPrefix == prefix }),
            body.utf8.allSatisfy({ RandomID.alphabet.contains($0) })
        else { return nil }
        self.rawValue = rawValue
        self.service = service
    }

    public static func generate(for service: StoreService) -> StoreID {
        // A freshly generated id always has the shape that init? accepts.
        StoreID(unchecked: "\(service.idPrefix)_\(RandomID.base32(count: 26))", service: service)
    }

    private init(unchecked rawValue: String, service: StoreService) {
        self.rawValue = rawValue
        self.service = service
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = StoreID(text) else { throw JSONCodingError("not a store id: \(text)") }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
