import FolioModel
import HTTP

extension Emulator {
    /// `POST /v1/vault/records/{recordId}/shares` (idempotent): 201 with the pending share.
    func inviteToVaultRecord(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("recordId")
        return try await vaultChange(request, status: 201) { _ throws(VaultFailure) in
            let invite = try VaultInvite(try VaultFields(request))
            return { state, env throws(VaultFailure) in try state.invite(recordId: id, invite, env) }
        }
    }

    /// `GET /v1/vault/shares/incoming|outgoing?cursor=&limit=&status=`: sorted by id.
    func listVaultShares(_ request: EmulatorRequest, incoming: Bool) -> HTTPResponse {
        let status: VaultShare.Status?
        do throws(VaultFailure) {
            status = try vaultQueryChoice(request, "status", VaultShare.Status.allCases.map(\.rawValue)).flatMap(
                VaultShare.Status.init(rawValue:))
        } catch {
            return error.response
        }
        return vaultRead(request) { state, env throws(VaultFailure) in
            try vaultPage(state.shares(incoming: incoming, status: status, env), key: \.id, request) { $0.json }
        }
    }

    /// `GET /v1/vault/shares/{shareId}`: for its owner and its recipient.
    func readVaultShare(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("shareId")
        return vaultRead(request) { state, env throws(VaultFailure) in try state.share(id, env).json }
    }

    /// `POST /v1/vault/shares/{shareId}/accept|reject|revoke` (idempotent, no body).
    func actOnVaultShare(_ request: EmulatorRequest, _ action: VaultState.ShareAction) async throws(APIError)
        -> HTTPResponse
    {
        let id = request.parameter("shareId")
        return try await vaultChange(request, guest: action == .accept) { _ throws(VaultFailure) in
            { state, env throws(VaultFailure) in try state.act(on: id, action, env) }
        }
    }
}
