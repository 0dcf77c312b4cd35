import Postgres
import ServiceKit

extension VaultAccount {
    /// The account of the runtime's session, with the runtime's organization; nil once the runtime shut down.
    static func ofRuntime(_ runtimeID: String, database: PostgresPool) async throws -> VaultAccount? {
        guard let facts = try await RuntimeFacts.read(runtimeID: runtimeID, database: database) else { return nil }
        return VaultAccount(
            identity: facts.session.identity, folioSessionID: facts.session.folioSessionID,
            organizationID: facts.organizationID)
    }
}
