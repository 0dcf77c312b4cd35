import Bus
import FolioAPI
import FolioModel
import Postgres
import ServiceKit
import StoreKit

/// VaultStore as a mounted store of the VaultService: it starts on the vault of the account the runtime's
/// session holds, follows the session and the vault's change notifications, and runs writes, syncs and
/// shares as effects.
enum VaultStore {
    static let kind = "vault"

    struct Dependencies: Sendable {
        let context: ServiceContext
        let repository: VaultRepository
        let sync: VaultSync
        let transfer: VaultTransfer
        let watchers: VaultWatchers
        let network: NetworkMonitor
        /// Seconds of a retry wait are multiplied by this (1 in production; tests shorten it).
        let retryScale: Double
    }

    static func mountMethod(_ dependencies: Dependencies) -> RPCMethod {
        let context = dependencies.context
        let endpoint = StoreEndpoint(service: .vault, transport: context.transport, registry: context.registry)
        return endpoint.mountMethod(VaultStoreMethods.mount) { _, runtime, id in
            let changes = VaultChangeFollower(transport: context.transport, watchers: dependencies.watchers)
            let host = StoreHost(
                id: id, kind: kind, runtime: runtime, reducer: VaultReducer(),
                initialState: VaultReducer.State(network: .unknown), persistence: context.snapshots,
                runEffect: effects(dependencies, store: id, changes: changes))
            guard try await follow(host, dependencies, changes: changes) else { throw StoreError.runtimeShutDown }
            return host
        }
    }

    static func restorer(_ dependencies: Dependencies) -> StoreEndpoint.Restorer {
        { snapshot, runtime in
            let changes = VaultChangeFollower(
                transport: dependencies.context.transport, watchers: dependencies.watchers)
            let host = try await StoreHost.restore(
                snapshot, runtime: runtime, reducer: VaultReducer(), persistence: dependencies.context.snapshots,
                runEffect: effects(dependencies, store: snapshot.storeID, changes: changes))
            await host.send(.restored)
            _ = try await follow(host, dependencies, changes: changes, restored: true)
            return host
        }
    }

    /// The account of the runtime's session, from the AuthService's record of it.
    static func account(runtimeID: String, database: PostgresPool) async throws -> VaultAccount? {
        let rows = try await database.query(
            """
            SELECT s.identity, s.folio_session_id, r.organization_id FROM runtime_sessions s
            JOIN runtimes r ON r.id = s.runtime_id
            WHERE s.runtime_id = \(runtimeID) AND r.shut_down_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        return VaultAccount(
            identity: try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text),
            folioSessionID: try row.decode(String?.self, "folio_session_id"),
            organizationID: try row.decode(String.self, "organization_id"))
    }

    /// The session's changes, the vault's change notifications and the network reach the store as events.
    /// A sign-in from a transient session copies the transient vault into the account's first. The session is
    /// read after the subscription starts, so a change in between is not missed. False when the runtime has
    /// no session (it was shut down).
    /// `readAccount` reads the runtime's session and organization (one query; tests count it). `changes`: the
    /// follower the store's effects take the Folio watch through.
    static func follow(
        _ host: StoreHost<VaultReducer>, _ dependencies: Dependencies, changes: VaultChangeFollower? = nil,
        restored: Bool = false, readAccount: (@Sendable (String) async throws -> VaultAccount?)? = nil
    ) async throws -> Bool {
        let context = dependencies.context
        let database = context.database
        let readAccount = readAccount ?? { runtimeID in try await account(runtimeID: runtimeID, database: database) }
        let changes = changes ?? VaultChangeFollower(transport: context.transport, watchers: dependencies.watchers)
        await changes.attach(host)
        let runtimeID = host.runtime.id
        let session = try await context.transport.subscribe(
            subject: BusSubjects.sessionChanged(runtimeID: runtimeID), queueGroup: nil, delivery: .serial
        ) { [weak host] message in
            guard let host, let json = try? JSONParser.parse(message.payload), let identity = json["identity"] else {
                return .now(nil)
            }
            // The runtime's organization does not change with its session: the store has it from its first read,
            // unless this announcement came before that read.
            var organization = await host.currentState.account?.organizationID
            if organization == nil { organization = try? await readAccount(runtimeID)?.organizationID }
            guard
                let account = VaultAccount(
                    identity: identity, folioSessionID: json["folioSessionId"]?.stringValue,
                    organizationID: organization)
            else { return .now(nil) }
            if let previous = await host.currentState.account, previous.kind == .transient,
                account.kind == .authenticated
            {
                await VaultSessionEvents.transfer(from: previous.id, to: account.id, dependencies)
            }
            await changes.follow(account)
            await host.send(.sessionChanged(account))
            return .now(nil)
        }
        await context.registry.attach(session, to: host.id)
        await context.registry.attach(changes, to: host.id)
        guard let account = try await readAccount(runtimeID) else { return false }
        // A store adopted from its snapshot may have missed its sign-in (the worker that held it died, with the
        // copy of the transient vault in it rolled back): the copy runs again before it follows the account.
        if restored, let previous = await host.currentState.account, previous.kind == .transient,
            account.kind == .authenticated
        {
            await VaultSessionEvents.transfer(from: previous.id, to: account.id, dependencies)
        }
        // A restored store's snapshot may be older than the session it reads now.
        await (restored ? changes.follow(account) : changes.followFirst(account))
        await host.send(restored ? .sessionChanged(account) : .sessionRead(account))
        // The last probe may be older than Folio's coming back (the service's first one can run before Folio
        // answers): a store does not start offline on a stale probe, which would refuse its folder changes
        // until the next one.
        if await dependencies.network.status != .online { await dependencies.network.check() }
        let status = await dependencies.network.observe { [weak host] status in
            guard let host else { return false }
            await host.send(.networkChanged(status))
            return true
        }
        await host.send(.networkChanged(status))
        return true
    }

    /// The effects of the store `store` (its own change notifications are marked with it); `changes` takes the
    /// Folio watch the store asks for.
    static func effects(_ dependencies: Dependencies, store: StoreID, changes: VaultChangeFollower? = nil)
        -> EffectRunner<VaultReducer>
    {
        let context = dependencies.context
        return { effect in
            switch effect {
            case .watch(let account):
                await changes?.watch(account)
                return []
            case .write(let requestID, let account, let write):
                do {
                    let result = try await dependencies.repository.write(
                        write, account: account.id, session: account.kind, readingBack: true)
                    // The other stores read again only the entries the write names, unless it followed a
                    // transient vault into an account's (then anything may have changed).
                    let named = result.movedTo == nil ? result.changedEntries : nil
                    await VaultChanges.announce(
                        account: account.id, entries: named, by: store, transport: context.transport)
                    if let movedTo = result.movedTo {
                        await VaultChanges.announce(account: movedTo, transport: context.transport)
                    }
                    // A write of a signed-in vault pushes; so does one that followed a transient vault into the
                    // account's on sign-in.
                    let pushes = account.kind == .authenticated || result.movedTo != nil
                    return [
                        .writeFinished(
                            requestID: requestID, changed: named.map { .entries(Set($0)) } ?? .all,
                            patch: named == nil ? nil : result.patch, pushes: pushes)
                    ]
                } catch {
                    context.logger.info(
                        "vault write refused", ["account": account.id, "error": String(describing: error)])
                    return [.actionFinished(requestID: requestID, error: VaultSync.vaultError(error), pushes: false)]
                }
            case .loadView(let requestID, let account):
                do {
                    return [
                        .viewLoaded(requestID: requestID, try await dependencies.repository.view(account: account.id))
                    ]
                } catch {
                    return [.viewFailed(requestID: requestID, VaultSync.vaultError(error))]
                }
            case .loadEntries(let requestID, let account, let ids):
                do {
                    return [
                        .entriesLoaded(
                            requestID: requestID, try await dependencies.repository.entries(ids, account: account.id))
                    ]
                } catch {
                    return [.viewFailed(requestID: requestID, VaultSync.vaultError(error))]
                }
            case .sync(let requestID, let account, _):
                let outcome = await dependencies.sync.pass(account)
                if outcome.error != nil || outcome.recordFailures > 0 {
                    context.logger.warning(
                        "vault sync pass failed",
                        [
                            "account": account.id, "error": outcome.error?.message ?? "",
                            "failures": String(outcome.recordFailures),
                        ])
                }
                await VaultChanges.announce(account: account.id, transport: context.transport)
                return [.syncFinished(requestID: requestID, outcome)]
            case .push(let requestID, let account):
                let outcome = await dependencies.sync.pushOnly(account)
                await VaultChanges.announce(account: account.id, transport: context.transport)
                return [.syncFinished(requestID: requestID, outcome)]
            case .waitToRetry(let requestID, let seconds):
                try? await Task.sleep(for: .seconds(Double(seconds) * dependencies.retryScale))
                return [.retryDue(requestID: requestID)]
            case .share(let requestID, let account, let share):
                do {
                    try await dependencies.sync.share(share, account: account)
                    await VaultChanges.announce(account: account.id, transport: context.transport)
                    return [.actionFinished(requestID: requestID, error: nil, pushes: false)]
                } catch {
                    return [.actionFinished(requestID: requestID, error: VaultSync.vaultError(error), pushes: false)]
                }
            }
        }
    }
}
