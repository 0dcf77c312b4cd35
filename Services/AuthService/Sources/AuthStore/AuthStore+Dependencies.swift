import FolioAPI
import FolioClient
import FolioModel
import ServiceKit
import StoreKit

extension AuthStore {
    /// AuthStore's outside world.
    struct Dependencies: Sendable {
        /// The runtime's facts; nil once it shut down.
        var facts: @Sendable (_ runtimeID: String) async throws -> RuntimeFacts?
        var folio: AuthFolio
        /// Derives the answer of a typed secret (Argon2id, on the proof helper's own queue, never on the
        /// cooperative pool).
        var deriveProof:
            @Sendable (AuthProofRequest.Kind, _ secret: String, FolioKeyDerivation) async throws -> FolioCeremonyAnswer
        /// Switches the runtime's session to a finished ceremony's identity; false when it stays on the previous one.
        var switchSession: @Sendable (AuthCompletion, _ runtimeID: String) async -> Bool
    }
}

extension AuthStore.Dependencies {
    static func live(_ context: ServiceContext, folio: FolioClient) -> Self {
        let database = context.database
        let facts: @Sendable (String) async throws -> RuntimeFacts? = { runtimeID in
            try await RuntimeFacts.read(runtimeID: runtimeID, database: database)
        }
        let switcher = SessionSwitch(
            verifier: SessionTokenVerifier(folio: folio, policy: context.configuration.sessionTokenPolicy),
            sessions: RuntimeSessions(database: database), facts: facts, transport: context.transport,
            logger: context.logger)
        return Self(
            facts: facts, folio: .live(folio), deriveProof: derive,
            switchSession: { completion, runtimeID in await switcher.switchTo(completion, runtimeID: runtimeID) })
    }

    /// Every dependency fails the test that calls it.
    static let unimplemented = Self(
        facts: { _ in throw UnimplementedDependency("AuthStore.facts") }, folio: .unimplemented,
        deriveProof: { _, _, _ in throw UnimplementedDependency("AuthStore.deriveProof") },
        switchSession: { _, _ in
            _ = UnimplementedDependency("AuthStore.switchSession")
            return false
        })

    @Sendable static func derive(
        _ kind: AuthProofRequest.Kind, _ secret: String, _ derivation: FolioKeyDerivation
    ) async throws -> FolioCeremonyAnswer {
        switch kind {
        case .password:
            return .password(proof: try await FolioAuthProof.password(secret, derivation: derivation))
        case .recoveryCode:
            return .recoveryCode(proof: try await FolioAuthProof.recoveryCode(secret, derivation: derivation))
        case .newPassword:
            let proof = try await FolioAuthProof.password(secret, derivation: derivation)
            return .newPassword(proof: proof, strength: FolioPasswordStrength(measuring: secret))
        }
    }
}
