/// Records belong to the organization (spec "Records belong to your organization"): the app never writes
/// the organization into a record, and the vault qualifies the schema with it at Folio
/// (`org_bluebank:note`). Folio's names come back unqualified, so the vault shows the app's own name.
public enum FolioSchemaName {
    public static func qualified(_ schema: String, organization: String?) -> String {
        guard let organization, !organization.isEmpty else { return schema }
        return "\(organization):\(schema)"
    }

    /// The app's schema name of a name Folio holds (an unqualified one stays as it is).
    public static func local(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    /// Whether a name Folio holds belongs to the records of `organization`: qualified with it, or not qualified
    /// at all. Without an organization every name does.
    public static func belongs(_ name: String, to organization: String?) -> Bool {
        guard let organization, !organization.isEmpty, let colon = name.lastIndex(of: ":") else { return true }
        return name[..<colon] == organization
    }
}
