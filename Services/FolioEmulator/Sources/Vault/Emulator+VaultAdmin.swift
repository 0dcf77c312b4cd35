import Crypto
import FolioModel
import HTTP

extension Emulator {
    /// `GET /admin/vault/records/{recordId}`: everything Folio keeps about a record.
    func storedVaultRecord(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("recordId")
        return vaultAnswer { () throws(VaultFailure) -> JSONValue in
            let env = try vaultEnvironment(adminForOwner: try ownerOfVaultRecord(id))
            return try vault.perform(env) { state, _ throws(VaultFailure) in try state.stored(id) }
        }
    }

    /// `POST /admin/vault/records/{recordId}/write`: a second writer changes the record.
    func writeVaultRecord(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("recordId")
        return vaultAnswer { () throws(VaultFailure) -> JSONValue in
            let fields = try VaultFields(request)
            var change = VaultState.AdminWrite()
            change.ciphertext = try fields.optionalBytes("ciphertext", maxBytes: VaultLimits.ciphertextBytes)
            change.schema = fields.has("schema") ? try fields.schema() : nil
            change.version = fields.has("version") ? try fields.version() : nil
            if fields.has("state") {
                let type = try fields.type("state")
                guard let state = VaultRecord.State(rawValue: type) else {
                    throw .invalidRequest("state must be ACTIVE or DELETED, not \(type)")
                }
                change.state = state
            }
            guard change.ciphertext != nil || change.schema != nil || change.version != nil || change.state != nil
            else {
                throw .invalidRequest("send at least one of ciphertext, schema, version and state")
            }
            let env = try vaultEnvironment(adminForOwner: try ownerOfVaultRecord(id))
            let write = change
            return try vault.perform(env) { state, env throws(VaultFailure) in
                try state.write(id, write, now: env.now)
            }
        }
    }

    /// `GET /admin/vault/accounts/{accountId}`: the counts of what Folio keeps for an account.
    func vaultAccountStats(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("accountId")
        return vaultAnswer { () throws(VaultFailure) -> JSONValue in
            try vault.perform(try vaultEnvironment(adminFor: id)) { state, _ in state.accountStats(id) }
        }
    }

    /// `POST /admin/vault/ingest`: many records of one account at once (the benchmark baseline).
    func ingestVaultRecords(_ request: EmulatorRequest) -> HTTPResponse {
        vaultAnswer(status: 201) { () throws(VaultFailure) -> JSONValue in
            let fields = try VaultFields(request)
            let env = try vaultEnvironment(adminFor: try fields.string("accountId", maxLength: 128))
            let inputs = try Self.ingestInputs(fields)
            let ids = try vault.perform(env) { state, env throws(VaultFailure) in try state.ingest(inputs, env) }
            return ["created": .int(Int64(ids.count)), "ids": .array(ids.map { .string($0) })]
        }
    }

    /// The records of an ingest: listed (`records`) or generated (`generate`).
    private static func ingestInputs(_ fields: VaultFields) throws(VaultFailure) -> [VaultRecordInput] {
        if let list = fields.value["records"]?.arrayValue {
            guard fields.value["generate"] == nil else { throw .invalidRequest("send records or generate, not both") }
            guard list.count <= VaultLimits.ingestRecords else {
                throw .invalidRequest("an ingest lists at most \(VaultLimits.ingestRecords) records")
            }
            var inputs: [VaultRecordInput] = []
            for (index, item) in list.enumerated() {
                inputs.append(
                    try VaultRecordInput(try VaultFields(object: item, path: "records[\(index)]"), defaultKind: .record)
                )
            }
            return inputs
        }
        guard let generate = fields.value["generate"] else {
            throw .invalidRequest("send records (an array) or generate (an object)")
        }
        let spec = try VaultFields(object: generate, path: "generate")
        let count = Int(try spec.int("count", 1...Int64(VaultLimits.ingestGenerated)))
        let schema = try spec.schema()
        let version = try spec.version()
        let size = Int(try spec.int("ciphertextBytes", 1...Int64(VaultLimits.ciphertextBytes)))
        let filler = filler(bytes: size)
        return Array(
            repeating: VaultRecordInput(
                kind: .record, schema: schema, version: version, ciphertext: filler, ciphertextBytes: size),
            count: count)
    }

    /// The owner of a stored record, for admin calls; 404 RECORD_NOT_FOUND.
    private func ownerOfVaultRecord(_ id: String) throws(VaultFailure) -> String {
        guard let owner = vault.owner(of: id) else { throw .recordNotFound(id) }
        return owner
    }

    /// Fixed filler bytes standing in for ciphertext, as base64url.
    private static func filler(bytes count: Int) -> String {
        Base64URL.encode((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }
}
