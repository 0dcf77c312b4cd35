import Crypto
import FolioModel
import HTTP

extension Emulator {
    /// `POST /v1/vault/records` (idempotent): 201 with the new record or folder.
    func createVaultRecord(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await vaultChange(request, status: 201) { _ throws(VaultFailure) in
            let input = try VaultRecordInput(try VaultFields(request))
            return { state, env throws(VaultFailure) in try state.create(input, env) }
        }
    }

    /// `GET /v1/vault/records?cursor=&limit=`: the records this account sees, sorted by id.
    func listVaultRecords(_ request: EmulatorRequest) -> HTTPResponse {
        vaultRead(request, guest: true) { state, env throws(VaultFailure) in
            try vaultPage(state.visibleRecords(env.account), key: \.id, request, budget: VaultLimits.pageBytes) {
                state.view($0, for: env.account)
            }
        }
    }

    /// `GET /v1/vault/records/{recordId}`.
    func readVaultRecord(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("recordId")
        return vaultRead(request, guest: true) { state, env throws(VaultFailure) in try state.read(id, env) }
    }

    /// `PUT /v1/vault/records/{recordId}` (idempotent): a new body from a base revision.
    func updateVaultRecord(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("recordId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            let input = try VaultRecordUpdate(try VaultFields(request))
            return { state, env throws(VaultFailure) in try state.update(id, input, env) }
        }
    }

    /// `POST /v1/vault/records/{recordId}/delete|restore|purge` (idempotent) with `{"baseRevision": n}`.
    func moveVaultRecord(_ request: EmulatorRequest, _ transition: VaultTransition) async throws(APIError)
        -> HTTPResponse
    {
        let id = request.parameter("recordId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            let base = try VaultFields(request).baseRevision()
            return { state, env throws(VaultFailure) in try state.move(id, transition, baseRevision: base, env) }
        }
    }

    /// `PUT /v1/vault/records/{recordId}/settings` (idempotent): this account's settings.
    func setVaultSettings(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("recordId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            let fields = try VaultFields(request)
            let base = try fields.baseRevision()
            let ciphertext = try fields.bytes("ciphertext", maxBytes: VaultLimits.settingsBytes)
            return { state, env throws(VaultFailure) in
                try state.setSettings(recordId: id, baseRevision: base, ciphertext: ciphertext, env)
            }
        }
    }

    /// `PUT` / `DELETE /v1/vault/folders/{folderId}/members/{recordId}` (idempotent, no body).
    func changeVaultMembership(_ request: EmulatorRequest, add: Bool) async throws(APIError) -> HTTPResponse {
        let folderId = request.parameter("folderId")
        let recordId = request.parameter("recordId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            { state, env throws(VaultFailure) in
                add
                    ? try state.addMember(folderId: folderId, recordId: recordId, env)
                    : try state.removeMember(folderId: folderId, recordId: recordId, env)
            }
        }
    }

    /// `PUT /v1/vault/keys` (idempotent): this account's vault public keys (a guest's too: what is delivered
    /// to the guest is sealed to them).
    func publishVaultKeys(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await vaultChange(request, guest: true) { _ throws(VaultFailure) in
            let fields = try VaultFields(request)
            let box = try fields.bytes("boxPublicKey", maxBytes: 32, exact: 32).text
            let sign = try fields.bytes("signPublicKey", maxBytes: 32, exact: 32)
            guard (try? Ed25519.PublicKey(bytes: sign.bytes)) != nil else {
                throw .invalidRequest("signPublicKey is not an Ed25519 public key")
            }
            return { state, env throws(VaultFailure) in state.publishKeys(box: box, sign: sign.text, env) }
        }
    }

    /// `GET /v1/vault/keys?accountId=` or `?email=`: keys of an account of the same organization.
    func lookupVaultKeys(_ request: EmulatorRequest) -> HTTPResponse {
        let accountId = request.http.query["accountId"].flatMap { $0.isEmpty ? nil : $0 }
        let email = request.http.query["email"].flatMap { $0.isEmpty ? nil : $0 }
        guard (accountId == nil) != (email == nil) else {
            return VaultFailure.invalidRequest("send exactly one of accountId and email").response
        }
        return vaultRead(request) { state, env throws(VaultFailure) in
            try state.lookupKeys(accountId: accountId, email: email, env)
        }
    }
}
