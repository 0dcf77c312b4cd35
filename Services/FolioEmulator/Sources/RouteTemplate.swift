/// A path pattern such as `/v1/organizations/{organizationId}`: literal segments and named parameters.
struct RouteTemplate: Sendable, Hashable {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The template as written.
    let text: String
    let segments: [Segment]

    init(_ text: String) {
        self.text = text
        segments = Self.split(text).map { segment in
            if segment.hasPrefix("{"), segment.hasSuffix("}"), segment.count > 2 {
                return .parameter(String(segment.dropFirst().dropLast()))
            }
            return .literal(segment)
        }
    }

    /// The parameters when `path` matches, nil otherwise. A parameter never matches an empty segment.
    func match(_ path: String) -> [String: String]? {
        let parts = Self.split(path)
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let literal):
                guard literal == part else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = part
            }
        }
        return parameters
    }

    /// How literal the template is, position by position; a higher value wins when templates overlap
    /// (`/v1/accounts/search` beats `/v1/accounts/{accountId}`).
    var specificity: [Int] {
        segments.map { if case .literal = $0 { 1 } else { 0 } }
    }

    private static func split(_ path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "" { parts.removeFirst() }
        return parts
    }
}
