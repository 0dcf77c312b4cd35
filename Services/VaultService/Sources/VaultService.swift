import Bus
import FolioAPI
import Foundation
import Postgres
import ServiceKit

/// The VaultService: VaultStore, the vault of every account in PostgreSQL (row-level security per account,
/// every body sealed), synced with Folio.
public enum VaultService {
    public static let name = "vault"

    public static func definition() throws -> ServiceDefinition {
        ServiceDefinition(name: name, migrations: try migrations()) { context in
            [ServiceHealth.method(HealthMethods.vault, context: context)]
        }
    }

    /// The vault tables, their row-level security and the `folio_vault` role.
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "VaultService/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}
