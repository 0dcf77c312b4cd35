import FolioAPI
import FolioClient
import FolioModel
import ServiceKit
import StoreKit

extension SessionStore {
    /// SessionStore's outside world.
    struct Dependencies: Sendable {
        /// The runtime's facts, its session among them; nil once it shut down.
        var facts: @Sendable (_ runtimeID: String) async throws -> RuntimeFacts?
        /// Signs a session out at Folio.
        var endFolioSession: @Sendable (_ folioSessionID: String) async throws -> Void
        /// The id of a new guest account.
        var newGuestAccountID: @Sendable () -> String
        /// Records the runtime's session.
        var record: @Sendable (SessionChanged) async throws -> Void
        /// Announces the change to every store of the runtime.
        var announce: @Sendable (SessionChanged) async -> Void
        var warn: @Sendable (_ message: String, _ error: String) -> Void
    }
}

extension SessionStore.Dependencies {
    static func live(_ context: ServiceContext, folio: FolioClient) -> Self {
        let database = context.database
        let sessions = RuntimeSessions(database: database)
        return Self(
            facts: { runtimeID in try await RuntimeFacts.read(runtimeID: runtimeID, database: database) },
            endFolioSession: { id in _ = try await folio.endSession(id: id) },
            newGuestAccountID: { "guest_\(RandomID.base32(count: 26))" },
            record: { change in try await sessions.record(change) },
            announce: { change in try? await context.transport.publish(change) },
            warn: { message, error in context.logger.warning(message, ["error": error]) })
    }

    /// Every dependency fails the test that calls it.
    static let unimplemented = Self(
        facts: { _ in throw UnimplementedDependency("SessionStore.facts") },
        endFolioSession: { _ in throw UnimplementedDependency("SessionStore.endFolioSession") },
        newGuestAccountID: { UnimplementedDependency("SessionStore.newGuestAccountID").name },
        record: { _ in throw UnimplementedDependency("SessionStore.record") },
        announce: { _ in _ = UnimplementedDependency("SessionStore.announce") },
        warn: { _, _ in _ = UnimplementedDependency("SessionStore.warn") })
}
