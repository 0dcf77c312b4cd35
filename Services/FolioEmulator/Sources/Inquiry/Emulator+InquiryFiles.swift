import FolioModel
import Foundation
import HTTP

extension InquiryState {
    /// The body limit of the file route: a 32 MiB file in base64 plus room for the other members.
    static let maxRequestBytes = 48 << 20
}

extension Emulator {
    /// `POST /v1/inquiries/{inquiryId}/handoffs`.
    func createHandoff(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request, status: 201) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            return (caller, { state, env throws(InquiryFailure) in try state.createHandoff(caller, env) })
        }
    }

    /// `POST /v1/inquiries/{inquiryId}/files`: a file for a FILE field of the current step, standard base64.
    func uploadInquiryFile(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request, status: 201) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            let field = try fields.string("field", maxLength: 128)
            let fileName = try fields.string("fileName", maxLength: 255)
            let mimeType = try fields.string("mimeType", maxLength: 255)
            guard let data = fields.value["data"]?.stringValue else {
                throw .invalidRequest("data must be a standard base64 string")
            }
            // The size is known from the text's length, so an oversized file is refused without decoding it.
            let padding = data.utf8.suffix(2).filter { $0 == UInt8(ascii: "=") }.count
            let declared = data.utf8.count / 4 * 3 - padding
            guard declared <= InquiryState.maxFileBytes else {
                throw InquiryFailure(
                    status: 413, code: "FILE_TOO_LARGE",
                    message: "a file may have at most \(InquiryState.maxFileBytes) bytes",
                    limitBytes: InquiryState.maxFileBytes)
            }
            guard let bytes = Data(base64Encoded: data) else {
                throw .invalidRequest("data must be a standard base64 string")
            }
            let upload = InquiryUpload(field: field, fileName: fileName, mimeType: mimeType, bytes: bytes)
            return (caller, { state, env throws(InquiryFailure) in try state.addFile(caller, upload, env) })
        }
    }
}
