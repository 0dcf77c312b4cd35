import Bus
import FolioAPI
import FolioClient
import FolioModel
import Lifecycle
import ServiceKit
import WireModel

/// Switches a runtime's session to the identity a sign-in or recovery ended on: once Folio's session token
/// checks out, the identity is recorded (ACTIVE: Folio confirmed it) and announced with the identity it
/// replaced. When the switch cannot happen, the runtime stays on its previous identity, which SessionStore
/// reports again with status DEVICE. A runtime that shut down meanwhile keeps its session as it ended, unannounced.
struct SessionSwitch: Sendable {
    let verifier: SessionTokenVerifier
    let sessions: RuntimeSessions
    let facts: @Sendable (String) async throws -> RuntimeFacts?
    let transport: any BusTransport
    let logger: Logger

    func switchTo(_ completion: AuthCompletion, runtimeID: String) async -> Bool {
        let identity = SessionIdentity(folio: completion.identity)
        let folioSessionID = completion.session.id
        do {
            guard let organizationID = try await facts(runtimeID)?.organizationID else {
                logger.info("session not switched: the runtime shut down", ["runtimeId": runtimeID])
                return false
            }
            try await verifier.verify(completion, organizationID: organizationID)
        } catch {
            logger.warning("session switch refused", ["runtimeId": runtimeID, "error": String(describing: error)])
            await keepPreviousIdentity(runtimeID: runtimeID)
            return false
        }
        let previous: SessionIdentity?
        do {
            guard
                let replaced = try await sessions.switchTo(
                    identity, folioSessionID: folioSessionID, runtimeID: runtimeID)
            else { return false }
            previous = replaced
        } catch {
            logger.warning("session switch failed", ["runtimeId": runtimeID, "error": String(describing: error)])
            await keepPreviousIdentity(runtimeID: runtimeID)
            return false
        }
        try? await transport.publish(
            SessionChanged(
                runtimeID: runtimeID, identity: identity, status: .active, folioSessionID: folioSessionID,
                previousIdentity: previous))
        logger.info("session switched", ["runtimeId": runtimeID, "folioSessionId": folioSessionID])
        return true
    }

    /// The runtime's previous identity, again with status DEVICE, recorded and announced.
    private func keepPreviousIdentity(runtimeID: String) async {
        do {
            guard let change = try await sessions.keepPrevious(runtimeID: runtimeID) else { return }
            try await transport.publish(change)
        } catch {
            logger.warning(
                "previous identity not announced", ["runtimeId": runtimeID, "error": String(describing: error)])
        }
    }
}
