import FolioClient

/// Entries that only need a create at Folio go there in batches (`POST /v1/vault/records/batch`), and what Folio
/// answered is recorded in one transaction per batch.
extension VaultPush {
    /// What a pass pushes as one piece of work: an entry on its own, or a batch of creates.
    enum Unit: Sendable {
        case entry(PushItem)
        case creates([PushItem])
    }

    /// True for an entry Folio does not have yet and that stays active: a create is all it needs.
    static func onlyCreates(_ item: PushItem) -> Bool {
        item.folioID == nil && item.state == .active
    }

    /// The entries as units: those that only need a create in batches (``VaultCreateBatches``), first; every other
    /// entry on its own, in order. No more creates than a pass pushes at once (``VaultSync/pushWidth``) take one
    /// round of calls anyway: then every entry goes on its own.
    static func units(_ items: [PushItem]) -> [Unit] {
        guard items.count(where: onlyCreates) > VaultSync.pushWidth else { return items.map { .entry($0) } }
        let creates = items.filter(onlyCreates)
        let sizes = creates.map { item in
            VaultCreateBatches.size(
                bodyBytes: item.body.count, keyBytes: item.recordKey.count, clientID: item.id, schema: item.schema)
        }
        // A lone create gains nothing from the batch route.
        let batches: [Unit] = VaultCreateBatches.cut(sizes).map { range in
            range.count == 1 ? .entry(creates[range.lowerBound]) : .creates(Array(creates[range]))
        }
        return batches + items.filter { !onlyCreates($0) }.map { .entry($0) }
    }

    /// The Idempotency-Key of a batch: the same entries at the same local changes give the same key, so a batch
    /// sent again after a crash replays Folio's first answer.
    func batchKey(_ items: [PushItem]) -> String {
        let content = items.map { "\($0.id):\($0.localSeq)" }.joined(separator: ",")
        return "vault-\(account)-batch-\(items.count)-\(BLAKE2bHex.of(Array(content.utf8)))"
    }

    /// What Folio answered to a batch of creates, before it is recorded: the entries it created (or already held
    /// under their client ids) and where, those that go the single-entry way, and how many it refused.
    struct SentCreates: Sendable {
        var created: [(PushItem, Position)] = []
        var single: [PushItem] = []
        var failures = 0
    }

    /// Creates `items` at Folio in one call. Folio answers the created records without the bodies this side just
    /// sent (`.minimal`). An entry whose client id Folio already holds (RECORD_EXISTS, a create whose answer was
    /// lost) takes that record; when it is not active there, the entry goes the single-entry way, which brings
    /// Folio's copy to the local state. When Folio refuses the whole call for a reason other than the ones that end
    /// a pass, each entry is pushed on its own (and recorded) here, so one entry Folio will not take fails alone.
    func sendCreates(_ items: [PushItem], log: (PushItem, any Error) -> Void) async throws -> SentCreates {
        let results: [FolioVaultCreateResult]
        do {
            results = try await client.createRecords(
                items.map(createBody), idempotencyKey: batchKey(items), returning: .minimal)
        } catch {
            guard !VaultSync.endsPass(error) else { throw error }
            return SentCreates(failures: try await pushEach(items, log: log))
        }
        var sent = SentCreates()
        for (item, result) in zip(items, results) {
            let existing = result.error?.code == .recordExists ? result.error?.currentRecord : nil
            let made = result.created.map { Position(id: $0.id, revision: $0.revision, state: $0.state) }
            guard let at = made ?? existing.map({ Position($0) }) else {
                sent.failures += 1
                let refusal = FolioClientError.api(
                    status: result.status, code: result.error?.rawCode ?? "HTTP_\(result.status)",
                    message: result.error?.message ?? "")
                log(item, FolioVaultError(failure: result.error, underlying: refusal))
                continue
            }
            if at.state == .active {
                sent.created.append((item, at))
            } else {
                sent.single.append(item)
            }
        }
        return sent
    }

    /// Records what Folio created in one transaction, then pushes the entries that go the single-entry way;
    /// returns how many Folio refused, in the batch and since.
    func record(_ sent: SentCreates, log: (PushItem, any Error) -> Void) async throws -> Int {
        try await store.pushed(sent.created, account: account)
        return sent.failures + (try await pushEach(sent.single, log: log))
    }

    /// The entries one at a time, each all its steps (`push`); returns how many Folio refused (each logged). A
    /// call that does not reach Folio ends the pass (`VaultSync.endsPass`) and is thrown.
    func pushEach(_ items: [PushItem], log: (PushItem, any Error) -> Void) async throws -> Int {
        var failures = 0
        for item in items {
            do {
                try await push(item)
            } catch let error as FolioVaultError where VaultSync.endsPass(error) {
                throw error
            } catch {
                failures += 1
                log(item, error)
            }
        }
        return failures
    }
}
