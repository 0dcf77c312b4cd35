/// The JSON type a fixture field must have.
public enum FixtureFieldType: Sendable, Equatable {
    case string
    case integer
    case boolean
    case array
    case object
    /// An array of strings.
    case stringArray
    /// An RFC 3339 time string.
    case time
}

/// What the records of one fixture collection must look like.
///
/// Every record needs a string `id`, unique within its collection across all files. Later routes
/// add their collections by adding a schema to ``standard``.
public struct FixtureSchema: Sendable {
    /// The collection name, the top-level key of fixture files (e.g. `organizations`).
    public let collection: String
    /// Fields every record must have, with their types (`id` is implied).
    public let required: [String: FixtureFieldType]
    /// Fields a record may have; when present they must have this type.
    public let optional: [String: FixtureFieldType]
    /// Fields whose string value must be the `id` of a record of another collection.
    public let references: [String: String]

    /// Creates a schema.
    public init(
        collection: String, required: [String: FixtureFieldType],
        optional: [String: FixtureFieldType] = [:], references: [String: String] = [:]
    ) {
        self.collection = collection
        self.required = required
        self.optional = optional
        self.references = references
    }

    /// Organizations (integrators) using Folio.
    public static let organizations = FixtureSchema(
        collection: "organizations", required: ["name": .string],
        optional: ["allowedOrigins": .stringArray, "createdAt": .time])

    /// Accounts (end users) belonging to an organization.
    public static let accounts = FixtureSchema(
        collection: "accounts", required: ["email": .string, "organizationId": .string],
        optional: ["phone": .string, "createdAt": .time].merging(accountAuthFields) { own, _ in own },
        references: ["organizationId": "organizations", "integratorId": "authIntegrators"])

    /// The schemas the emulator loads fixtures with.
    public static let standard: [FixtureSchema] = [
        .organizations, .accounts, .authPolicies, .authIntegrators, .inquiryTemplates, .issuers, .documentTemplates,
    ]
}
