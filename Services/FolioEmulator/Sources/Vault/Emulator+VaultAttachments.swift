import FolioModel
import HTTP

extension Emulator {
    /// `POST /v1/vault/records/{recordId}/attachments` (idempotent) with `{"size", "data"}`: 201.
    func startVaultAttachment(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("recordId")
        return try await vaultChange(request, status: 201) { _ throws(VaultFailure) in
            let fields = try VaultFields(request)
            let size = Int(try fields.int("size", 1...Int64.max))
            guard size <= VaultLimits.attachmentBytes else {
                throw VaultFailure(
                    status: 422, code: "ATTACHMENT_TOO_LARGE",
                    message: "an attachment has at most \(VaultLimits.attachmentBytes) bytes")
            }
            let data = try fields.bytes("data", maxBytes: VaultLimits.partBytes).bytes
            guard data.count <= size else { throw .invalidRequest("data is longer than size") }
            return { state, env throws(VaultFailure) in
                try state.startAttachment(recordId: id, size: size, data: data, env)
            }
        }
    }

    /// `POST /v1/vault/attachments/{attachmentId}/parts` (idempotent) with `{"offset", "data"}`.
    func appendVaultAttachment(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("attachmentId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            let fields = try VaultFields(request)
            let offset = Int(try fields.int("offset", 0...Int64(VaultLimits.attachmentBytes)))
            let data = try fields.bytes("data", maxBytes: VaultLimits.partBytes).bytes
            return { state, env throws(VaultFailure) in try state.appendAttachment(id, offset: offset, data: data, env)
            }
        }
    }

    /// `GET /v1/vault/attachments/{attachmentId}?offset=&length=`: a chunk of a complete attachment of a record the
    /// caller sees; with guest access, of a record in the guest vault or shared with the guest.
    func readVaultAttachment(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("attachmentId")
        let offset: Int
        let length: Int
        do throws(VaultFailure) {
            offset = try vaultQueryInt(request, "offset", default: 0, range: 0...VaultLimits.attachmentBytes)
            length = try vaultQueryInt(
                request, "length", default: VaultLimits.partBytes, range: 1...VaultLimits.partBytes)
        } catch {
            return error.response
        }
        return vaultRead(request, guest: true) { state, env throws(VaultFailure) in
            try state.attachmentChunk(id, offset: offset, length: length, env)
        }
    }

    /// `DELETE /v1/vault/attachments/{attachmentId}` (idempotent): answers the record.
    func deleteVaultAttachment(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let id = request.parameter("attachmentId")
        return try await vaultChange(request) { _ throws(VaultFailure) in
            { state, env throws(VaultFailure) in try state.deleteAttachment(id, env) }
        }
    }
}
