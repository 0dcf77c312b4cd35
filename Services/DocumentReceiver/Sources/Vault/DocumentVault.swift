import Bus
import FolioModel
import WireModel

/// The VaultService's methods for issued documents (docs/vault-store.md, "Methods for the DocumentReceiver"),
/// over the bus: the DocumentReceiver holds no key, so the vault accepts an invite into the vault and opens the
/// documents for it.
public struct DocumentVault: Sendable {
    let bus: BusClient

    public init(bus: BusClient) {
        self.bus = bus
    }

    /// Accepts the issued invite into the vault of the runtime's session, which must still hold `accountID`;
    /// answers the record's id. The same invite twice answers the same record and accepts once.
    public func receive(runtimeID: String, accountID: String, inviteID: String) async throws(DocumentVaultError)
        -> String
    {
        let result = try await call(
            "vaultinternal.receiveIssuedDocument",
            ["runtimeId": .string(runtimeID), "accountId": .string(accountID), "inviteId": .string(inviteID)])
        guard let id = result["recordId"]?.stringValue else {
            throw .unavailable("the vault answered no recordId")
        }
        return id
    }

    /// The active `digital` records of the vault of the runtime's session (only `id` when given).
    public func documents(runtimeID: String, id: String? = nil) async throws(DocumentVaultError) -> VaultDocuments {
        let result = try await call(
            "vaultinternal.documents", Wire.object(["runtimeId": .string(runtimeID), "id": id.map(JSONValue.string)]))
        do {
            return try VaultDocuments(json: result)
        } catch {
            throw .unavailable("the vault answered documents that cannot be read: \(error)")
        }
    }

    private func call(_ method: String, _ params: JSONValue) async throws(DocumentVaultError) -> JSONValue {
        do {
            return try await bus.call(BusSubjects.internalRPC("vault"), method, params, timeout: .seconds(30))
        } catch let error as JSONRPCError {
            throw DocumentVaultError(error)
        } catch {
            throw .unavailable("the vault could not be reached: \(error)")
        }
    }
}

/// Why the vault did not answer.
public enum DocumentVaultError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The runtime shut down.
    case runtimeGone
    /// The runtime's session holds another identity now.
    case identityChanged
    /// The vault refused the invite for good (not an issued invite, unknown, rejected or revoked).
    case refused(String)
    /// The vault or Folio could not answer now; a later pass tries again.
    case unavailable(String)

    init(_ error: JSONRPCError) {
        let type = error.data?["type"]?.stringValue
        if error.folioCode == .runtimeShutDown {
            self = .runtimeGone
        } else if type == "IDENTITY_CHANGED" {
            self = .identityChanged
        } else if error.data?["value"]?["retryable"]?.boolValue == true || error.folioCode != nil
            || type == "RECORD_NOT_STORED" || type == "STORAGE"
        {
            self = .unavailable(error.message)
        } else {
            self = .refused(error.message)
        }
    }

    public var description: String {
        switch self {
        case .runtimeGone: "the runtime shut down"
        case .identityChanged: "the session's identity changed"
        case .refused(let message): "the vault refused: \(message)"
        case .unavailable(let message): message
        }
    }
}

/// The answer of `vaultinternal.documents`.
public struct VaultDocuments: Sendable, Equatable {
    /// One `digital` record, its body opened.
    public struct Stored: Sendable, Equatable {
        public var id: String
        /// The FolioDigitalDocument as JSON.
        public var body: JSONValue
        /// When the issuer revoked it (epoch seconds), as Folio last reported it.
        public var revokedAt: Int64?
        /// Each photo's attachment id → the reference `attachment.getBytes` takes for this session.
        public var photos: [String: String]

        public init(id: String, body: JSONValue, revokedAt: Int64? = nil, photos: [String: String] = [:]) {
            self.id = id
            self.body = body
            self.revokedAt = revokedAt
            self.photos = photos
        }
    }

    /// A record the vault could not open.
    public struct Unreadable: Sendable, Equatable {
        public var id: String
        public var reason: String

        public init(id: String, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    public var accountID: String
    public var documents: [Stored]
    public var unreadable: [Unreadable]

    public init(accountID: String, documents: [Stored], unreadable: [Unreadable] = []) {
        self.accountID = accountID
        self.documents = documents
        self.unreadable = unreadable
    }

    init(json: JSONValue) throws(WireDecodingError) {
        let object = try WireObject(json, path: "result", fields: ["accountId", "documents", "unreadable"])
        accountID = try object.string("accountId", .identifier)
        documents = []
        for (index, item) in (object.optional("documents")?.arrayValue ?? []).enumerated() {
            let entry = try WireObject(
                item, path: "result.documents[\(index)]", fields: ["id", "body", "revokedAt", "photos"])
            var photos: [String: String] = [:]
            for (key, value) in entry.optional("photos")?.objectValue ?? [:] {
                if let ref = value.stringValue { photos[key] = ref }
            }
            documents.append(
                Stored(
                    id: try entry.string("id", .identifier), body: try entry.required("body"),
                    revokedAt: entry.optional("revokedAt")?.intValue, photos: photos))
        }
        unreadable = []
        for (index, item) in (object.optional("unreadable")?.arrayValue ?? []).enumerated() {
            let entry = try WireObject(item, path: "result.unreadable[\(index)]", fields: ["id", "reason"])
            unreadable.append(
                Unreadable(id: try entry.string("id", .identifier), reason: try entry.string("reason", .modelText)))
        }
    }
}
