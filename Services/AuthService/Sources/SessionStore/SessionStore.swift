import Bus
import FolioAPI
import FolioClient
import FolioModel
import Postgres
import ServiceKit
import StoreKit

/// SessionStore as a mounted store of the AuthService: its state starts from the runtime's session in
/// PostgreSQL, and its effects end Folio sessions, create guest accounts, record the session and announce
/// each change on the bus.
enum SessionStore {
    static let kind = "session"

    static func mountMethod(_ context: ServiceContext, folio: FolioClient) -> RPCMethod {
        let endpoint = StoreEndpoint(service: .auth, transport: context.transport, registry: context.registry)
        return endpoint.mountMethod(SessionStoreMethods.mount) { _, runtime, id in
            guard let state = try await load(runtimeID: runtime.id, database: context.database) else {
                throw StoreError.runtimeShutDown
            }
            let host = StoreHost(
                id: id, kind: kind, runtime: runtime, reducer: SessionReducer(), initialState: state,
                persistence: context.snapshots, runEffect: effects(context, runtimeID: runtime.id, folio: folio))
            try await follow(host, context: context)
            // A change announced between the read above and the subscription reached nobody: read once more, now
            // that every later announcement arrives.
            if let latest = try await load(runtimeID: runtime.id, database: context.database), latest != state {
                await host.send(
                    .observed(
                        SessionUiModel(identity: latest.identity, status: latest.status),
                        folioSessionID: latest.folioSessionID))
            }
            return host
        }
    }

    /// Feeds every announced change of the runtime's session into the store.
    static func follow(_ host: StoreHost<SessionReducer>, context: ServiceContext) async throws {
        let subscription = try await context.transport.subscribe(
            subject: BusSubjects.sessionChanged(runtimeID: host.runtime.id), queueGroup: nil, delivery: .serial
        ) { [weak host] message in
            if let change = SessionAnnouncement.parse(message.payload) {
                await host?.send(.observed(change.model, folioSessionID: change.folioSessionID))
            }
            return .now(nil)
        }
        await context.registry.attach(subscription, to: host.id)
    }

    static func restorer(_ context: ServiceContext, folio: FolioClient) -> StoreEndpoint.Restorer {
        { snapshot, runtime in
            let host = try await StoreHost.restore(
                snapshot, runtime: runtime, reducer: SessionReducer(), persistence: context.snapshots,
                runEffect: effects(context, runtimeID: runtime.id, folio: folio))
            try await follow(host, context: context)
            return host
        }
    }

    static func load(runtimeID: String, database: PostgresPool) async throws -> SessionReducer.State? {
        let rows = try await database.query(
            """
            SELECT s.identity, s.status, s.folio_session_id FROM runtime_sessions s
            JOIN runtimes r ON r.id = s.runtime_id
            WHERE s.runtime_id = \(runtimeID) AND r.shut_down_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        let identityJSON = try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text)
        let statusJSON: JSONValue = ["type": .string(try row.decode(String.self, "status"))]
        return SessionReducer.State(
            identity: try SessionIdentity(json: identityJSON, path: "identity"),
            status: try SessionStatus(json: statusJSON, path: "status"),
            folioSessionID: try row.decode(String?.self, "folio_session_id"))
    }

    static func effects(_ context: ServiceContext, runtimeID: String, folio: FolioClient) -> EffectRunner<
        SessionReducer
    > {
        { effect in
            switch effect {
            case .endFolioSession(let folioSessionID):
                // Ending a session Folio already ended is fine; a failure is logged, the sign-out goes on.
                do {
                    _ = try await folio.endSession(id: folioSessionID)
                } catch {
                    context.logger.warning("ending the Folio session failed", ["error": String(describing: error)])
                }
                return []
            case .createTransientIdentity(let requestID):
                return [
                    .transientIdentityCreated(requestID: requestID, accountId: "guest_\(RandomID.base32(count: 26))")
                ]
            case .publishChange(let model, let folioSessionID):
                await record(model, folioSessionID: folioSessionID, runtimeID: runtimeID, context: context)
                return []
            }
        }
    }

    /// Writes the runtime's session and announces it; retried until PostgreSQL takes it, so a change is
    /// never announced without being recorded.
    private static func record(
        _ model: SessionUiModel, folioSessionID: String?, runtimeID: String, context: ServiceContext
    ) async {
        let identity = PostgresJSON(model.identity.json.jsonString)
        let status = model.status.json["type"]?.stringValue ?? "DEVICE"
        var delay = Duration.milliseconds(50)
        while true {
            do {
                _ = try await context.database.execute(
                    """
                    UPDATE runtime_sessions SET identity = \(identity), status = \(status),
                        folio_session_id = \(folioSessionID), updated_at = now()
                    WHERE runtime_id = \(runtimeID)
                    """)
                break
            } catch {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
            }
        }
        try? await context.transport.publish(
            subject: BusSubjects.sessionChanged(runtimeID: runtimeID),
            payload: SessionAnnouncement.payload(model, folioSessionID: folioSessionID))
    }
}
