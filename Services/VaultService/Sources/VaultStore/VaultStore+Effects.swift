import StoreKit

extension VaultStore {
    static func run(
        _ effect: VaultReducer.Effect, in store: StoreContext<VaultChangeFollower>, _ dependencies: Dependencies
    )
        async -> [VaultReducer.Event]
    {
        switch effect {
        case .watch(let account):
            await store.local.watch(account)
            return []
        case .write(let requestID, let account, let write):
            do {
                // Keyed by the store and the request: run again after an adoption, a creation finds its entry.
                let result = try await dependencies.write(write, account, store.idempotencyKey(requestID))
                // The other stores read again only the entries the write names, unless it followed a transient
                // vault into an account's (then anything may have changed).
                let named = result.movedTo == nil ? result.changedEntries : nil
                await dependencies.announce(account.id, named, store.id)
                if let movedTo = result.movedTo { await dependencies.announce(movedTo, nil, nil) }
                // A write of a signed-in vault pushes; so does one that followed a transient vault into the
                // account's on sign-in.
                let pushes = account.kind == .authenticated || result.movedTo != nil
                return [
                    .writeFinished(
                        requestID: requestID, changed: named.map { .entries(Set($0)) } ?? .all,
                        patch: named == nil ? nil : result.patch, pushes: pushes)
                ]
            } catch {
                dependencies.log(
                    .info, "vault write refused", ["account": account.id, "error": String(describing: error)])
                return [.actionFinished(requestID: requestID, error: VaultSync.vaultError(error), pushes: false)]
            }
        case .loadView(let requestID, let account):
            do {
                return [.viewLoaded(requestID: requestID, try await dependencies.view(account))]
            } catch {
                return [.viewFailed(requestID: requestID, VaultSync.vaultError(error))]
            }
        case .loadEntries(let requestID, let account, let ids):
            do {
                return [.entriesLoaded(requestID: requestID, try await dependencies.entries(ids, account))]
            } catch {
                return [.viewFailed(requestID: requestID, VaultSync.vaultError(error))]
            }
        case .sync(let requestID, let account, _):
            let outcome = await dependencies.sync(account)
            if outcome.error != nil || outcome.recordFailures > 0 {
                dependencies.log(
                    .warning, "vault sync pass failed",
                    [
                        "account": account.id, "error": outcome.error?.message ?? "",
                        "failures": String(outcome.recordFailures),
                    ])
            }
            await dependencies.announce(account.id, nil, nil)
            // The one place a pass is run, so the one place its success is announced (a push-only pass, a watch's
            // fetch and a received document's fetch are no passes).
            if outcome.succeeded { await dependencies.synced(account.id, store.runtimeID) }
            return [.syncFinished(requestID: requestID, outcome)]
        case .push(let requestID, let account):
            let outcome = await dependencies.push(account)
            await dependencies.announce(account.id, nil, nil)
            return [.syncFinished(requestID: requestID, outcome)]
        case .waitToRetry(let requestID, let seconds):
            await dependencies.wait(seconds)
            return [.retryDue(requestID: requestID)]
        case .waitToRead(let requestID, let seconds):
            await dependencies.wait(seconds)
            return [.readDue(requestID: requestID)]
        case .share(let requestID, let account, let share):
            do {
                try await dependencies.share(share, account)
                await dependencies.announce(account.id, nil, nil)
                return [.actionFinished(requestID: requestID, error: nil, pushes: false)]
            } catch {
                return [.actionFinished(requestID: requestID, error: VaultSync.vaultError(error), pushes: false)]
            }
        }
    }
}
