import FolioModel

/// An organization (integrator) using Folio, from the `organizations` fixtures.
struct Organization: Sendable {
    var id: String
    var name: String
    /// Web origins allowed to embed this organization's flows.
    var allowedOrigins: [String]
    var createdAt: String

    /// The fixture record shape.
    private struct Fixture: Decodable {
        var id: String
        var name: String
        var allowedOrigins: [String]?
        var createdAt: String?
    }

    /// Reads the organizations fixtures; a missing `createdAt` becomes `defaultCreatedAt`.
    static func load(from fixtures: FixtureSet, defaultCreatedAt: String) throws(EmulatorError)
        -> [Organization]
    {
        try fixtures.decode("organizations", as: Fixture.self).map { fixture in
            Organization(
                id: fixture.id, name: fixture.name, allowedOrigins: fixture.allowedOrigins ?? [],
                createdAt: fixture.createdAt ?? defaultCreatedAt)
        }
    }

    var json: JSONValue {
        [
            "id": .string(id), "name": .string(name),
            "allowedOrigins": .array(allowedOrigins.map { .string($0) }), "createdAt": .string(createdAt),
        ]
    }
}
