import Bus
import Crypto
import FolioAPI
import FolioClient
import FolioModel
import Postgres
import ServiceKit
import StoreKit

/// AuthStore as a mounted store of the AuthService: the reducer's effects reach Folio through FolioClient
/// (with idempotency keys derived from the store and request, so a re-run effect creates nothing twice),
/// derive proofs of typed secrets off the cooperative pool, and switch the runtime's session.
enum AuthStore {
    static let kind = "auth"

    /// What a store needs to know about its runtime when it starts.
    struct RuntimeFacts: Sendable {
        let organizationID: String
        let deviceID: String
        let locale: LocaleTag
        let supportsPasskeys: Bool
        /// The device's operating system as the client declared it (`WEB` when it did not).
        let platform: FolioDevicePlatform
        let session: AuthSessionContext?
    }

    static func mountMethod(_ context: ServiceContext, folio: FolioClient) -> RPCMethod {
        let endpoint = StoreEndpoint(service: .auth, transport: context.transport, registry: context.registry)
        let verifier = SessionTokenVerifier(folio: folio, policy: context.configuration.sessionTokenPolicy)
        return endpoint.mountMethod(AuthStoreMethods.mount) { _, runtime, id in
            guard let facts = try await facts(runtimeID: runtime.id, database: context.database) else {
                throw StoreError.runtimeShutDown
            }
            let state = AuthReducer.State(
                locale: facts.locale, supportsPasskeys: facts.supportsPasskeys, session: facts.session)
            let host = StoreHost(
                id: id, kind: kind, runtime: runtime, reducer: reducer(facts), initialState: state,
                persistence: context.snapshots,
                runEffect: effects(context, storeID: id, runtimeID: runtime.id, folio: folio, verifier: verifier))
            try await followLocale(host, context: context)
            return host
        }
    }

    /// Feeds every `runtime.setLocale` of the store's runtime into it, so the texts the SDK chooses (the data
    /// region titles) follow the SDK locale. The locale is read again once subscribed: a change made while
    /// the store was mounting, or while a restored store was not mounted, is not lost.
    static func followLocale(_ host: StoreHost<AuthReducer>, context: ServiceContext) async throws {
        let runtimeID = host.runtime.id
        let subscription = try await context.transport.subscribe(
            subject: BusSubjects.runtimeLocale, queueGroup: nil, delivery: .serial
        ) { [weak host] message in
            if let change = try? JSONParser.parse(message.payload), change["runtimeId"]?.stringValue == runtimeID,
                let locale = change["locale"]?.stringValue.flatMap(LocaleTag.init)
            {
                await host?.send(.localeChanged(locale))
            }
            return .now(nil)
        }
        await context.registry.attach(subscription, to: host.id)
        if let facts = try await facts(runtimeID: runtimeID, database: context.database) {
            await host.send(.localeChanged(facts.locale))
        }
    }

    static func restorer(_ context: ServiceContext, folio: FolioClient) -> StoreEndpoint.Restorer {
        let verifier = SessionTokenVerifier(folio: folio, policy: context.configuration.sessionTokenPolicy)
        return { snapshot, runtime in
            guard let facts = try await facts(runtimeID: runtime.id, database: context.database) else {
                throw StoreError.runtimeShutDown
            }
            let host = try await StoreHost.restore(
                snapshot, runtime: runtime, reducer: reducer(facts), persistence: context.snapshots,
                runEffect: effects(
                    context, storeID: snapshot.storeID, runtimeID: runtime.id, folio: folio, verifier: verifier))
            try await followLocale(host, context: context)
            return host
        }
    }

    static func reducer(_ facts: RuntimeFacts) -> AuthReducer {
        // The device's fingerprint for Folio: a hash of its id, so the id itself never leaves the service.
        let fingerprint = Hex.encode((try? BLAKE2b.hash(Array(facts.deviceID.utf8), length: 16)) ?? [])
        return AuthReducer(
            organizationId: facts.organizationID,
            device: FolioAuthDevice(id: facts.deviceID, platform: facts.platform, fingerprint: fingerprint))
    }

    static func facts(runtimeID: String, database: PostgresPool) async throws -> RuntimeFacts? {
        let rows = try await database.query(
            """
            SELECT r.organization_id, r.device_id, r.locale, r.capabilities, s.identity, s.folio_session_id
            FROM runtimes r JOIN runtime_sessions s ON s.runtime_id = r.id
            WHERE r.id = \(runtimeID) AND r.shut_down_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        let capabilities = try JSONParser.parse(try row.decode(PostgresJSON.self, "capabilities").text)
        let identity = try SessionIdentity(
            json: try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text), path: "identity")
        return RuntimeFacts(
            organizationID: try row.decode(String.self, "organization_id"),
            deviceID: try row.decode(String.self, "device_id"),
            locale: try row.decode(String?.self, "locale").flatMap(LocaleTag.init) ?? .english,
            supportsPasskeys: capabilities["webAuthn"]?.boolValue ?? false,
            platform: capabilities["platform"]?.stringValue.map(FolioDevicePlatform.init(rawValue:)) ?? .web,
            session: AuthSessionContext(identity: identity, sessionId: try row.decode(String?.self, "folio_session_id"))
        )
    }

    static func effects(
        _ context: ServiceContext, storeID: StoreID, runtimeID: String, folio: FolioClient,
        verifier: SessionTokenVerifier
    ) -> EffectRunner<AuthReducer> {
        { effect in
            func key(_ requestID: UInt64) -> String { "\(storeID.rawValue)-\(requestID)" }
            switch effect {
            case .startCeremony(let requestID, let start):
                return await ceremony(requestID) {
                    try await folio.startCeremony(start, idempotencyKey: key(requestID))
                }
            case .answer(let requestID, let ceremonyID, let answer, let second):
                return await ceremony(requestID) {
                    try await folio.answer(
                        ceremonyId: ceremonyID, answer, secondAnswer: second, idempotencyKey: key(requestID))
                }
            case .selectAlternative(let requestID, let ceremonyID, let method):
                return await ceremony(requestID) {
                    try await folio.selectAlternative(ceremonyId: ceremonyID, method, idempotencyKey: key(requestID))
                }
            case .resendOtp(let requestID, let ceremonyID):
                return await ceremony(requestID) {
                    try await folio.resendOtp(ceremonyId: ceremonyID, idempotencyKey: key(requestID))
                }
            case .completeDeviceLink(let requestID, let ceremonyID, let challengeID, let transferAck):
                return await ceremony(requestID) {
                    try await folio.completeDeviceLink(
                        ceremonyId: ceremonyID, challengeId: challengeID, transferAck: transferAck,
                        idempotencyKey: key(requestID))
                }
            case .cancelCeremony(let requestID, let ceremonyID):
                _ = try? await folio.cancelCeremony(ceremonyId: ceremonyID, idempotencyKey: key(requestID))
                return []
            case .deriveProof(let requestID, let request):
                return [await derive(requestID, request)]
            case .switchSession(let requestID, let completion):
                let switched = await switchSession(
                    completion, runtimeID: runtimeID, context: context, verifier: verifier)
                return [switched ? .sessionSwitched(requestID: requestID) : .sessionSwitchFailed(requestID: requestID)]
            }
        }
    }

    private static func ceremony(
        _ requestID: UInt64, _ call: () async throws -> FolioCeremony
    ) async -> [AuthReducer.Event] {
        do {
            return [.folioAnswered(requestID: requestID, try await call())]
        } catch let error as FolioAuthError {
            return [.folioFailed(requestID: requestID, AuthFolioFailure(error))]
        } catch {
            return [.folioFailed(requestID: requestID, .unclassified(message: String(describing: error)))]
        }
    }

    /// Proofs are derived with Argon2id on the proof helper's own queue, never on the cooperative pool.
    private static func derive(_ requestID: UInt64, _ request: AuthProofRequest) async -> AuthReducer.Event {
        guard let secret = request.secret.value else {
            return .secretLost(requestID: requestID, kind: request.kind)
        }
        do {
            switch request.kind {
            case .password:
                return .proofDerived(
                    requestID: requestID,
                    .password(proof: try await FolioAuthProof.password(secret, derivation: request.derivation)))
            case .recoveryCode:
                return .proofDerived(
                    requestID: requestID,
                    .recoveryCode(proof: try await FolioAuthProof.recoveryCode(secret, derivation: request.derivation)))
            case .newPassword:
                let proof = try await FolioAuthProof.password(secret, derivation: request.derivation)
                return .proofDerived(
                    requestID: requestID, .newPassword(proof: proof, strength: FolioPasswordStrength(measuring: secret))
                )
            }
        } catch {
            return .proofFailed(requestID: requestID, message: String(describing: error))
        }
    }

    /// Records the ceremony's identity as the runtime's session (ACTIVE: Folio confirmed it) and announces it,
    /// once Folio's session token checks out. When the switch cannot happen, the runtime stays on its previous
    /// identity, which SessionStore reports again with status DEVICE.
    private static func switchSession(
        _ completion: AuthCompletion, runtimeID: String, context: ServiceContext, verifier: SessionTokenVerifier
    ) async -> Bool {
        let identity = SessionIdentity(folio: completion.identity)
        let folioSessionID = completion.session.id
        let model = SessionUiModel(identity: identity, status: .active)
        do {
            let organizationID = try await facts(runtimeID: runtimeID, database: context.database)?.organizationID
            try await verifier.verify(completion, organizationID: organizationID ?? "")
        } catch {
            context.logger.warning(
                "session switch refused", ["runtimeId": runtimeID, "error": String(describing: error)])
            await keepPreviousIdentity(runtimeID: runtimeID, context: context)
            return false
        }
        var previous: JSONValue?
        do {
            let rows = try await context.database.query(
                """
                WITH old AS (SELECT runtime_id, identity FROM runtime_sessions WHERE runtime_id = \(runtimeID) FOR UPDATE)
                UPDATE runtime_sessions s SET identity = \(PostgresJSON(identity.json.jsonString)), status = 'ACTIVE',
                    folio_session_id = \(folioSessionID), updated_at = now()
                FROM old WHERE s.runtime_id = old.runtime_id
                RETURNING old.identity AS previous
                """)
            guard let row = rows.first else { return false }
            previous = try JSONParser.parse(try row.decode(PostgresJSON.self, "previous").text)
        } catch {
            context.logger.warning(
                "session switch failed", ["runtimeId": runtimeID, "error": String(describing: error)])
            await keepPreviousIdentity(runtimeID: runtimeID, context: context)
            return false
        }
        try? await context.transport.publish(
            subject: BusSubjects.sessionChanged(runtimeID: runtimeID),
            payload: SessionAnnouncement.payload(model, folioSessionID: folioSessionID, previousIdentity: previous))
        context.logger.info("session switched", ["runtimeId": runtimeID, "folioSessionId": folioSessionID])
        return true
    }

    /// The runtime's previous identity, again with status DEVICE, recorded and announced.
    private static func keepPreviousIdentity(runtimeID: String, context: ServiceContext) async {
        do {
            let rows = try await context.database.query(
                """
                UPDATE runtime_sessions SET status = 'DEVICE', updated_at = now()
                WHERE runtime_id = \(runtimeID)
                RETURNING identity, folio_session_id
                """)
            guard let row = rows.first else { return }
            let identity = try SessionIdentity(
                json: try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text), path: "identity")
            try await context.transport.publish(
                subject: BusSubjects.sessionChanged(runtimeID: runtimeID),
                payload: SessionAnnouncement.payload(
                    SessionUiModel(identity: identity, status: .device),
                    folioSessionID: try row.decode(String?.self, "folio_session_id")))
        } catch {
            context.logger.warning(
                "previous identity not announced", ["runtimeId": runtimeID, "error": String(describing: error)])
        }
    }
}
