import HTTP

/// Who may call a route.
enum RouteAccess: Sendable {
    /// Anyone (health, JWKS).
    case open
    /// `Authorization: Bearer <FOLIO_EMULATOR_API_KEY>`.
    case apiKey
    /// `Authorization: Bearer <FOLIO_EMULATOR_ADMIN_KEY>`.
    case admin
}

/// A route handler; a thrown ``APIError`` becomes the standard error response.
typealias RouteHandler = @Sendable (Emulator, EmulatorRequest) async throws(APIError) -> HTTPResponse

/// One method + template and its handler.
struct Route: Sendable {
    let method: String
    let template: RouteTemplate
    let access: RouteAccess
    /// The largest request body the route takes; a larger one gets the HTTP layer's plain-text 413.
    let maxBodyBytes: Int
    let handler: RouteHandler

    /// The body limit of every route that names none.
    static let defaultMaxBodyBytes = 1 << 20

    /// `METHOD /template`, the name used by fault injection and logs.
    var key: String { "\(method) \(template.text)" }
}

/// Maps a method and path to a route.
struct Router: Sendable {
    enum Resolution {
        case matched(Route, parameters: [String: String])
        /// The path exists with other methods (listed for the `Allow` header).
        case methodNotAllowed(allowed: [String])
        case notFound
    }

    private(set) var routes: [Route] = []

    mutating func add(
        _ method: String, _ template: String, _ access: RouteAccess,
        maxBodyBytes: Int = Route.defaultMaxBodyBytes, _ handler: @escaping RouteHandler
    ) {
        routes.append(
            Route(
                method: method, template: RouteTemplate(template), access: access, maxBodyBytes: maxBodyBytes,
                handler: handler))
    }

    /// The largest body limit of any route: what the HTTP layer must let through.
    var maxBodyBytes: Int {
        routes.map(\.maxBodyBytes).max() ?? Route.defaultMaxBodyBytes
    }

    func route(forKey key: String) -> Route? {
        routes.first { $0.key == key }
    }

    func resolve(method: String, path: String) -> Resolution {
        var best: (template: RouteTemplate, parameters: [String: String])?
        for route in routes {
            guard let parameters = route.template.match(path) else { continue }
            if let current = best,
                !current.template.specificity.lexicographicallyPrecedes(route.template.specificity)
            {
                continue
            }
            best = (route.template, parameters)
        }
        guard let best else { return .notFound }
        let candidates = routes.filter { $0.template == best.template }
        if let route = candidates.first(where: { $0.method == method }) {
            return .matched(route, parameters: best.parameters)
        }
        return .methodNotAllowed(allowed: candidates.map(\.method))
    }
}
