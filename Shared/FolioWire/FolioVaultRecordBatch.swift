/// The body of a batch create (`POST /v1/vault/records/batch`): up to 500 creates.
public struct FolioVaultRecordBatch: Encodable, Sendable, Equatable {
    /// The most creates Folio takes in one batch.
    public static let maxRecords = 500

    public var records: [FolioVaultRecordCreate]

    /// Creates a batch body.
    public init(records: [FolioVaultRecordCreate]) {
        self.records = records
    }
}

/// The answer of a batch create: one result per create, in the order they were sent.
public struct FolioVaultRecordBatchAnswer: Decodable, Sendable, Equatable {
    public var results: [FolioVaultCreateResult]
}

/// One create of a batch: the record Folio created (status 201), or Folio's refusal of this create alone
/// (e.g. 409 RECORD_EXISTS with the record that has its `clientId` in ``FolioVaultFailure/currentRecord``).
public struct FolioVaultCreateResult: Decodable, Sendable, Equatable {
    public var status: Int
    public var record: FolioVaultRecord?
    public var error: FolioVaultFailure?
}
