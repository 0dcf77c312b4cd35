/// The bounds of the vault API (docs/folio-api.md, "Vault").
enum VaultLimits {
    static let ciphertextBytes = 262_144
    static let wrappedKeyBytes = 1_024
    static let settingsBytes = 16_384
    static let schemaLength = 128
    static let clientIdLength = 128
    static let maxVersion: Int64 = 4_294_967_295
    /// Records and folders per account, purged ones not counted.
    static let recordsPerAccount = 100_000
    static let membersPerFolder = 10_000
    static let sharesPerRecord = 1_000
    /// 32 MiB for the largest image plus 64 KiB for the envelope.
    static let attachmentBytes = 33_619_968
    static let attachmentsPerRecord = 64
    static let attachmentBytesPerAccount = 268_435_456
    static let partBytes = 524_288
    /// A page of the change feed or the record list stops before its items' JSON passes this, so answers
    /// stay well under FolioClient's 4 MiB default.
    static let pageBytes = 2 << 20
    /// Creates in one `POST /v1/vault/records/batch`; the 1 MiB request limit holds too.
    static let batchRecords = 500
    static let ingestRecords = 10_000
    static let ingestGenerated = 100_000
    static let maxWaitSeconds = 30
}
