import FolioModel

/// The body of a batch create (`POST /v1/vault/records/batch`): up to 500 creates.
public struct FolioVaultRecordBatch: Encodable, Sendable, Equatable {
    /// The most creates Folio takes in one batch.
    public static let maxRecords = 500

    public var records: [FolioVaultRecordCreate]

    /// Creates a batch body.
    public init(records: [FolioVaultRecordCreate]) {
        self.records = records
    }

    /// What each created record of the answer holds, asked for with the `Prefer` header (RFC 7240).
    public enum Return: Sendable, Equatable {
        /// The whole record, as a single create answers it.
        case representation
        /// The record without `ciphertext` and `wrappedKey`: a pusher, which sent them, needs only where the
        /// record is (``FolioVaultCreateResult/created``), and they are most of the answer's bytes.
        case minimal

        /// The `Prefer` header that asks for it; none for the whole record, Folio's default.
        public var preferHeader: [String: String] { self == .minimal ? ["Prefer": "return=minimal"] : [:] }
    }

    /// The body as `FolioWireJSON.encode` writes it, built member by member (``FolioVaultRecordCreate/json``):
    /// going through `Encodable` was the largest part of a pusher's own work on a batch of 500.
    public var json: JSONValue { ["records": .array(records.map(\.json))] }
}

extension FolioVaultRecordCreate {
    /// The create as `FolioWireJSON.encode` writes it (members without a value left out), built member by member.
    public var json: JSONValue {
        var members: JSONObject = [
            "kind": ["type": .string(kind.rawValue)], "schema": .string(schema), "version": .int(Int64(version)),
            "ciphertext": .string(ciphertext.base64URL),
        ]
        if let wrappedKey { members["wrappedKey"] = .string(wrappedKey.base64URL) }
        if let clientId { members["clientId"] = .string(clientId) }
        return .object(members)
    }
}

/// The answer of a batch create, `{"results": [...]}`: one result per create, in the order they were sent.
public struct FolioVaultRecordBatchAnswer: Sendable, Equatable {
    public var results: [FolioVaultCreateResult]

    /// Reads the answer. A batch of 500 records answers 500 records: each is kept as its JSON and decoded only
    /// when asked for (``FolioVaultCreateResult/record``), as a pusher needs no more than where each one is.
    public init(json: JSONValue) throws {
        guard let items = json["results"]?.arrayValue else {
            throw JSONCodingError("a batch answer has no results array")
        }
        results = try items.enumerated().map { index, item in try FolioVaultCreateResult(json: item, index: index) }
    }
}

/// One create of a batch: the record Folio created (status 201), or Folio's refusal of this create alone
/// (e.g. 409 RECORD_EXISTS with the record that has its `clientId` in ``FolioVaultFailure/currentRecord``).
public struct FolioVaultCreateResult: Sendable, Equatable {
    public var status: Int
    /// The created record as Folio answered it; nil when the create was refused.
    public var recordJSON: JSONValue?
    public var error: FolioVaultFailure?

    /// Creates a result.
    public init(status: Int, recordJSON: JSONValue?, error: FolioVaultFailure?) {
        self.status = status
        self.recordJSON = recordJSON
        self.error = error
    }

    /// Reads `results[index]`: `{"status", "record", "error"}`.
    init(json: JSONValue, index: Int) throws {
        guard let status = json["status"]?.intValue else {
            throw JSONCodingError("results[\(index)] has no status")
        }
        self.status = Int(status)
        // `nil` in the closure would be JSONValue's null literal: `.none` is the missing record.
        recordJSON = json["record"].flatMap { $0.isNull ? .none : $0 }
        error = try json["error"].flatMap {
            $0.isNull ? nil : try FolioWireJSON.decode(FolioVaultFailure.self, from: $0)
        }
        guard (recordJSON == nil) != (error == nil) else {
            throw JSONCodingError("results[\(index)] must hold either a record or an error")
        }
    }

    /// The created record, decoded.
    public var record: FolioVaultRecord? {
        recordJSON.flatMap { try? FolioWireJSON.decode(FolioVaultRecord.self, from: $0) }
    }

    /// Where the created record is at Folio (id, revision, state), read without decoding the rest of it.
    public var created: (id: String, revision: Int64, state: FolioVaultRecordState)? {
        guard let json = recordJSON, let id = json["id"]?.stringValue, let revision = json["revision"]?.intValue,
            let state = json["state"]?["type"]?.stringValue.flatMap(FolioVaultRecordState.init(rawValue:))
        else { return nil }
        return (id, revision, state)
    }
}
