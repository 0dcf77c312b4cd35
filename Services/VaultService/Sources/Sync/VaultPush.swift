import FolioClient

/// Pushes one entry: the steps that bring Folio from the entry's state there to the local one, in order
/// (restore, body, delete, purge), each from the revision the previous one answered.
struct VaultPush {
    let client: FolioVaultClient
    let store: VaultSyncTables
    let account: String
    /// The organization the schema names are qualified with at Folio.
    let organization: String?

    /// Where Folio's copy of an entry is: the calls need only its id, revision and state.
    struct Position: Sendable {
        var id: String
        var revision: Int64
        var state: FolioVaultRecordState

        init(id: String, revision: Int64, state: FolioVaultRecordState) {
            self.id = id
            self.revision = revision
            self.state = state
        }

        init(_ record: FolioVaultRecord) {
            self.init(id: record.id, revision: record.revision, state: record.state)
        }
    }

    func push(_ item: PushItem) async throws {
        func key(_ step: String) -> String { "vault-\(account)-\(item.id)-\(item.localSeq)-\(step)" }
        do {
            guard var at = try await created(item, key: key("create")) else { return }
            if item.state == .active, at.state == .deleted {
                at = Position(
                    try await client.restoreRecord(id: at.id, baseRevision: at.revision, idempotencyKey: key("restore"))
                )
            }
            if item.bodyDirty, item.folioID != nil, at.state == .active, item.state != .purged {
                at = Position(
                    try await client.updateRecord(
                        id: at.id,
                        FolioVaultRecordUpdate(
                            baseRevision: at.revision,
                            schema: FolioSchemaName.qualified(item.schema, organization: organization),
                            version: item.version, ciphertext: item.body
                        ),
                        idempotencyKey: key("update")))
            }
            if item.state != .active, at.state == .active {
                at = Position(
                    try await client.deleteRecord(id: at.id, baseRevision: at.revision, idempotencyKey: key("delete")))
            }
            if item.state == .purged, at.state == .deleted {
                at = Position(
                    try await client.purgeRecord(id: at.id, baseRevision: at.revision, idempotencyKey: key("purge")))
            }
            try await store.pushed(item, as: at, account: account)
        } catch let error as FolioVaultError where error.code == .revisionConflict || error.code == .recordPurged {
            try await store.conflict(item, current: error.failure?.currentRecord, account: account)
        }
    }

    /// The entry at Folio: created now when Folio does not have it yet (a lost create is found by its client
    /// id), else as this side last saw it.
    private func created(_ item: PushItem, key: String) async throws -> Position? {
        if let folioID = item.folioID, let revision = item.revision {
            return Position(
                id: folioID, revision: revision,
                state: FolioVaultRecordState(rawValue: (item.folioState ?? .active).rawValue) ?? .active)
        }
        guard item.state != .purged else { return nil }
        do {
            return Position(try await client.createRecord(createBody(item), idempotencyKey: key))
        } catch {
            // A lost create is found by its client id.
            guard error.code == .recordExists, let current = error.failure?.currentRecord else { throw error }
            return Position(current)
        }
    }

    /// What Folio gets to create the entry: its sealed body and wrapped key, and its local id as client id.
    func createBody(_ item: PushItem) -> FolioVaultRecordCreate {
        FolioVaultRecordCreate(
            kind: item.kind == .folder ? .folder : .record,
            schema: FolioSchemaName.qualified(item.schema, organization: organization), version: item.version,
            ciphertext: item.body, wrappedKey: item.recordKey, clientId: item.id)
    }
}
