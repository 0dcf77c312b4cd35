import FolioModel
import HTTP

extension Emulator {
    /// `POST /v1/vault/records/batch` (idempotent): up to ``VaultLimits/batchRecords`` creates in one call,
    /// 200 with one result per item, in order. A malformed item refuses the whole call (400, nothing created);
    /// an item Folio refuses (RECORD_EXISTS, LIMIT_EXCEEDED) gets its own error and the others are created.
    func createVaultRecords(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await vaultChange(request) { _ throws(VaultFailure) in
            let inputs = try Self.batchInputs(try VaultFields(request))
            let minimal = request.prefersMinimalReturn
            return { state, env throws(VaultFailure) in state.createEach(inputs, env, minimal: minimal) }
        }
    }

    /// The creates of a batch body `{"records": [create, ...]}`, each checked like a single create; an error
    /// names the item (`records[3]: schema must be ...`).
    private static func batchInputs(_ fields: VaultFields) throws(VaultFailure) -> [VaultRecordInput] {
        guard let list = fields.value["records"]?.arrayValue else {
            throw .invalidRequest("records must be an array of creates")
        }
        guard !list.isEmpty, list.count <= VaultLimits.batchRecords else {
            throw .invalidRequest("a batch holds 1 to \(VaultLimits.batchRecords) records, not \(list.count)")
        }
        var inputs: [VaultRecordInput] = []
        inputs.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            let path = "records[\(index)]"
            do throws(VaultFailure) {
                inputs.append(try VaultRecordInput(try VaultFields(object: item, path: path)))
            } catch {
                guard error.code == "INVALID_REQUEST", !error.message.hasPrefix(path) else { throw error }
                throw .invalidRequest("\(path): \(error.message)")
            }
        }
        return inputs
    }
}
