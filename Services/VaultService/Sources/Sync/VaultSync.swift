import Crypto
import FolioClient
import Foundation
import Lifecycle

/// Syncs an account's vault with Folio (spec "Sync"): a pass pushes every local change (entries, then
/// memberships, then settings) and then fetches Folio's changes since the account's cursor. Every call
/// carries an idempotency key made of the entry, its local change counter and the step, so a pass repeated
/// after a crash replays Folio's answers and creates nothing twice.
///
/// A transient vault pushes nothing: its local changes stay on the device. It still fetches, at the same
/// moments, from the guest vault Folio keeps for the organization and the transient account (what Folio
/// delivered to the device before sign-in), read with guest access.
public struct VaultSync: Sendable {
    let store: VaultSyncTables
    let sharing: VaultSharing
    let folio: FolioClient
    let locks: AccountLocks
    let logger: Logger?

    init(database: VaultDatabase, folio: FolioClient, locks: AccountLocks = AccountLocks(), logger: Logger? = nil) {
        self.logger = logger
        self.store = VaultSyncTables(database: database)
        self.sharing = VaultSharing(database: database)
        self.folio = folio
        self.locks = locks
    }

    /// A Share action of a signed-in account.
    func share(_ share: VaultShare, account: VaultAccount) async throws(VaultError) {
        guard let session = account.folioSessionID, account.kind == .authenticated else { throw .transientNotSupported }
        do {
            try await sharing.perform(share, account: account.id, client: folio.vault(sessionId: session))
        } catch let error as FolioVaultError {
            switch error.code {
            case .shareNotFound, .recordNotFound, .accountNotFound, .vaultKeysNotFound:
                throw .notFound(message: error.description)
            case .permissionDenied, .notShareable: throw .permissionDenied(message: error.description)
            case .invalidShareState, .alreadyShared, .invalidRecipient, .invalidRequest:
                throw .invalidRequest(message: error.description)
            default: throw Self.vaultError(error)
            }
        } catch {
            throw Self.vaultError(error)
        }
    }

    /// One pass; never throws: a failure is in the outcome.
    func pass(_ account: VaultAccount) async -> SyncOutcome {
        if account.kind == .transient { return await guestPass(account) }
        guard let client = account.folioVault(folio) else { return SyncOutcome(finishedAt: Self.now()) }
        return await locks.withLock(account.id) {
            do {
                try await store.purgeExpired(account.id)
                // The account's sharing keys reach Folio with its first signed-in pass, so others can share
                // with it before it ever shares.
                _ = try await sharing.publishedKeys(account.id, client)
                var failures = try await push(account.id, client, organization: account.organizationID)
                let attachmentFailures = try await pushAttachments(account.id, client)
                failures += try await fetch(account.id, client, organization: account.organizationID).failures
                if failures == 0, attachmentFailures == 0 { try await store.synced(account.id) }
                return SyncOutcome(
                    recordFailures: failures, attachmentFailures: attachmentFailures, finishedAt: Self.now())
            } catch {
                let pending = (try? await store.pushCount(account.id)) ?? 1
                return SyncOutcome(
                    error: Self.vaultError(error), recordFailures: max(pending, 1), finishedAt: Self.now())
            }
        }
    }

    /// A transient vault's pass: it fetches only. Its box key reaches Folio first, so what is delivered to the
    /// guest can be sealed to it; nothing of the vault's own leaves the device.
    private func guestPass(_ account: VaultAccount) async -> SyncOutcome {
        // Old deleted records are purged here too; failing to is retried at the next pass.
        _ = try? await store.purgeExpired(account.id)
        guard let client = account.folioVault(folio) else { return SyncOutcome(finishedAt: Self.now()) }
        return await locks.withLock(account.id) {
            do {
                _ = try await sharing.publishedKeys(account.id, client)
                let failures = try await fetch(
                    account.id, client, delivered: true, organization: account.organizationID
                ).failures
                if failures == 0 { try await store.synced(account.id) }
                return SyncOutcome(recordFailures: failures, finishedAt: Self.now())
            } catch {
                return SyncOutcome(error: Self.vaultError(error), finishedAt: Self.now())
            }
        }
    }

    /// Uploads the sealed bytes of attachments whose record Folio has (in parts, resumable); returns how many
    /// failed for a reason of their own.
    private func pushAttachments(_ account: String, _ client: FolioVaultClient) async throws -> Int {
        var failures = 0
        for (id, recordID, sealed) in try await store.pendingAttachments(account) {
            do {
                let uploaded = try await client.uploadAttachment(
                    recordId: recordID, bytes: sealed, idempotencyKey: "vault-\(account)-attachment-\(id)")
                try await store.attachmentPushed(id, folioID: uploaded.id, account: account)
            } catch let error as FolioVaultError where Self.endsPass(error) {
                throw error
            } catch {
                failures += 1
                logger?.warning("vault attachment not pushed", ["attachment": id, "error": String(describing: error)])
            }
        }
        return failures
    }

    /// Pushes only (a return to the foreground within a minute of the last fetch).
    func pushOnly(_ account: VaultAccount) async -> SyncOutcome {
        guard account.kind == .authenticated, let session = account.folioSessionID else {
            return SyncOutcome(finishedAt: Self.now())
        }
        let client = folio.vault(sessionId: session)
        return await locks.withLock(account.id) {
            do {
                return SyncOutcome(
                    recordFailures: try await push(account.id, client, organization: account.organizationID),
                    finishedAt: Self.now(), fetched: false)
            } catch {
                return SyncOutcome(error: Self.vaultError(error), recordFailures: 1, finishedAt: Self.now())
            }
        }
    }

    /// Fetches only, for a change notification; nil when the fetch did not go through.
    func fetchOnly(_ account: VaultAccount) async -> FetchOutcome? {
        guard let client = account.folioVault(folio) else { return nil }
        let delivered = account.kind == .transient
        return await locks.withLock(account.id) {
            try? await fetch(account.id, client, delivered: delivered, organization: account.organizationID)
        }
    }

    /// What a fetch did: the records it could not apply, and whether it changed the vault (applied a record,
    /// or read the shares again). Folio reports this worker's own pushes back: a fetch of those changes nothing.
    struct FetchOutcome: Equatable {
        var failures = 0
        var changedVault = false
    }

    /// Entries (or batches of creates) pushed at once: each entry's steps stay in order, different entries do
    /// not wait for each other. As many as the Folio client's connections.
    static let pushWidth = 4

    /// Pushes every change; a record Folio refuses for a reason of its own counts as a failure, a call that
    /// does not reach Folio ends the pass.
    private func push(_ account: String, _ client: FolioVaultClient, organization: String?) async throws -> Int {
        let items = try await store.pushItems(account)
        defer { VaultMemory.read(entries: items.count) }
        var failures = try await pushEntries(
            items, VaultPush(client: client, store: store, account: account, organization: organization))
        for membership in try await store.pendingMemberships(account) {
            let key = "vault-\(account)-member-\(membership.folderID)-\(membership.memberID)-\(membership.removed)"
            do {
                if membership.removed {
                    _ = try await client.removeFromFolder(
                        folderId: membership.folioFolder, recordId: membership.folioMember, idempotencyKey: key)
                } else {
                    _ = try await client.addToFolder(
                        folderId: membership.folioFolder, recordId: membership.folioMember, idempotencyKey: key)
                }
                try await store.membershipPushed(membership, account: account)
            } catch let error as FolioVaultError where Self.endsPass(error) {
                throw error
            } catch {
                failures += 1
            }
        }
        for settings in try await store.pendingSettings(account) {
            do {
                let revision = try await pushSettings(settings, account, client)
                try await store.settingsPushed(settings, revision: revision, account: account)
            } catch let error as FolioVaultError where Self.endsPass(error) {
                throw error
            } catch {
                failures += 1
            }
        }
        return failures
    }

    /// Pushes the entries, units (an entry, or a batch of entries that only need a create) going out as
    /// ``VaultPushSchedule`` says, `pushWidth` at a time; returns how many Folio refused. A call that does not reach
    /// Folio ends the pass: the units under way finish or fail, no more start.
    private func pushEntries(_ items: [PushItem], _ push: VaultPush) async throws -> Int {
        let logger = self.logger
        let log: @Sendable (PushItem, any Error) -> Void = { item, error in
            logger?.warning("vault record not pushed", ["entry": item.id, "error": String(describing: error)])
        }
        return try await withThrowingTaskGroup(of: PushStep.self) { group in
            var schedule = VaultPushSchedule(VaultPush.units(items), width: Self.pushWidth)
            func send(_ units: [VaultPush.Unit]) {
                for unit in units {
                    group.addTask {
                        switch unit {
                        case .creates(let items): .answered(try await push.sendCreates(items, log: log))
                        case .entry(let item): .pushed(failures: try await push.pushEach([item], log: log))
                        }
                    }
                }
            }
            send(schedule.start())
            var failures = 0
            while let step = try await group.next() {
                switch step {
                case .answered(let sent):
                    group.addTask { .recorded(failures: try await push.record(sent, log: log)) }
                    send(schedule.batchAnswered())
                case .pushed(let failed):
                    failures += failed
                    send(schedule.entryPushed())
                case .recorded(let failed):
                    failures += failed
                    send(schedule.batchRecorded())
                }
            }
            return failures
        }
    }

    /// What a task of `pushEntries` finished: a batch Folio answered, an entry pushed (and recorded), a batch's
    /// answers recorded.
    private enum PushStep: Sendable {
        case answered(VaultPush.SentCreates)
        case pushed(failures: Int)
        case recorded(failures: Int)
    }

    /// Pushes one settings blob and answers Folio's revision of it. Settings belong to this account alone, so
    /// on a revision conflict the latest local settings win.
    private func pushSettings(_ settings: PendingSettings, _ account: String, _ client: FolioVaultClient)
        async throws -> Int64
    {
        let key = "vault-\(account)-settings-\(settings.entryID)-\(settings.revision)-\(BLAKE2bHex.of(settings.body))"
        var base = settings.revision
        do {
            let record = try await client.setSettings(
                recordId: settings.folioID, baseRevision: base, ciphertext: settings.body, idempotencyKey: key)
            return record.settings?.revision ?? base + 1
        } catch {
            guard error.code == .revisionConflict else { throw error }
            base = error.failure?.currentRecord?.settings?.revision ?? base
        }
        let record = try await client.setSettings(
            recordId: settings.folioID, baseRevision: base, ciphertext: settings.body, idempotencyKey: key + "-\(base)")
        return record.settings?.revision ?? base + 1
    }

    /// Applies Folio's changes page by page. `delivered`: the changes of a guest vault; `organization`: the
    /// runtime's, whose records alone the vault takes. The caller holds the account's lock.
    func fetch(
        _ account: String, _ client: FolioVaultClient, delivered: Bool = false, organization: String?
    ) async throws -> FetchOutcome {
        var cursor = try await store.cursor(account)
        var outcome = FetchOutcome()
        while true {
            let changes: FolioVaultChanges
            do {
                changes = try await client.changes(cursor: cursor, limit: 100)
            } catch {
                // Folio no longer knows the cursor (its feed started over): read the whole feed again; applying
                // a change twice leaves the vault as it was.
                guard error.code == .invalidCursor, cursor != nil else { throw error }
                cursor = nil
                continue
            }
            // A guest keeps no list of shares: Folio lets guest access read none (403 GUEST_READ_ONLY), and what
            // reaches its feed as shares are the invites of documents issued to it.
            if !changes.shares.isEmpty, !delivered {
                try await sharing.refresh(account, client)
                outcome.changedVault = true
            }
            let page = try await store.apply(
                changes.records, nextCursor: changes.nextCursor, account: account, delivered: delivered,
                organization: organization)
            outcome.failures += page.failures
            if page.applied > 0 { outcome.changedVault = true }
            cursor = changes.nextCursor
            if !changes.hasMore { return outcome }
        }
    }

    /// Transport failures, Folio's own failures (5xx, 429) and an ended session end the pass; anything else
    /// is about one record.
    static func endsPass(_ error: FolioVaultError) -> Bool {
        error.isRetryable || error.failure == nil || error.code == .sessionExpired || error.code == .sessionNotFound
    }

    static func vaultError(_ error: any Error) -> VaultError {
        if let error = error as? VaultError { return error }
        if let error = error as? FolioVaultError {
            return error.failure == nil || error.isRetryable
                ? .network(message: error.description) : .upstreamUnavailable(message: error.description)
        }
        return .storage(message: String(describing: error))
    }

    static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }
}

/// One pass at a time per account in this process (a pass of another worker is kept out by Folio's
/// revisions and the idempotency keys).
actor AccountLocks {
    private var held: Set<String> = []
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    func withLock<T: Sendable>(_ account: String, _ body: @Sendable () async -> T) async -> T {
        while held.contains(account) {
            await withCheckedContinuation { waiting[account, default: []].append($0) }
        }
        held.insert(account)
        let result = await body()
        held.remove(account)
        if var queue = waiting[account], !queue.isEmpty {
            queue.removeFirst().resume()
            waiting[account] = queue.isEmpty ? nil : queue
        }
        return result
    }
}

/// A short, stable digest of bytes for idempotency keys (Swift's hashValue changes from run to run).
enum BLAKE2bHex {
    static func of(_ bytes: [UInt8]) -> String {
        Hex.encode((try? BLAKE2b.hash(bytes, length: 16)) ?? [])
    }
}
