import FolioModel

/// The body of a create (`POST /v1/vault/records`) or one record of an admin ingest.
struct VaultRecordInput: Sendable {
    var kind: VaultRecord.Kind
    var schema: String
    var version: Int64
    var ciphertext: String
    var ciphertextBytes: Int
    var wrappedKey: String?
    var clientId: String?

    init(_ fields: VaultFields, defaultKind: VaultRecord.Kind? = nil) throws(VaultFailure) {
        if defaultKind == nil || fields.has("kind") {
            let type = try fields.type("kind")
            guard let kind = VaultRecord.Kind(rawValue: type) else {
                throw .invalidRequest("kind must be RECORD or FOLDER, not \(type)")
            }
            self.kind = kind
        } else {
            kind = defaultKind ?? .record
        }
        schema = try fields.schema()
        version = try fields.version()
        let body = try fields.bytes("ciphertext", maxBytes: VaultLimits.ciphertextBytes)
        ciphertext = body.text
        ciphertextBytes = body.bytes.count
        wrappedKey = try fields.optionalBytes("wrappedKey", maxBytes: VaultLimits.wrappedKeyBytes)?.text
        clientId = try fields.optionalString("clientId", maxLength: VaultLimits.clientIdLength)
        if let clientId, !clientId.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) {
            throw .invalidRequest("clientId must be printable ASCII without spaces")
        }
    }

    init(kind: VaultRecord.Kind, schema: String, version: Int64, ciphertext: String, ciphertextBytes: Int) {
        self.kind = kind
        self.schema = schema
        self.version = version
        self.ciphertext = ciphertext
        self.ciphertextBytes = ciphertextBytes
    }
}

/// The body of an update (`PUT /v1/vault/records/{recordId}`).
struct VaultRecordUpdate: Sendable {
    var baseRevision: Int64
    var schema: String
    var version: Int64
    var ciphertext: String
    var ciphertextBytes: Int
    var wrappedKey: String?

    init(_ fields: VaultFields) throws(VaultFailure) {
        baseRevision = try fields.baseRevision()
        schema = try fields.schema()
        version = try fields.version()
        let body = try fields.bytes("ciphertext", maxBytes: VaultLimits.ciphertextBytes)
        ciphertext = body.text
        ciphertextBytes = body.bytes.count
        wrappedKey = try fields.optionalBytes("wrappedKey", maxBytes: VaultLimits.wrappedKeyBytes)?.text
    }
}

/// A lifecycle move: one step at a time.
enum VaultTransition: String, Sendable {
    case delete
    case restore
    case purge

    var from: VaultRecord.State {
        switch self {
        case .delete: .active
        case .restore, .purge: .deleted
        }
    }

    var to: VaultRecord.State {
        switch self {
        case .delete: .deleted
        case .restore: .active
        case .purge: .purged
        }
    }
}
