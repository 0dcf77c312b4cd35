import FolioModel
import HTTP

extension Emulator {
    /// `GET /v1/inquiries/{inquiryId}/verifications/{stepId}/outcome?deviceId=`: the signed outcome of a
    /// passed government id step.
    func verificationOutcome(_ request: EmulatorRequest) -> HTTPResponse {
        let stepId = request.parameter("stepId")
        return inquiryRead(request) { caller, state, env throws(InquiryFailure) in
            try state.verificationOutcome(caller, stepId: stepId, env)
        }
    }

    /// `GET /v1/inquiries/{inquiryId}/files/{fileId}?deviceId=`: the bytes of an uploaded file, with its
    /// mime type.
    func downloadInquiryFile(_ request: EmulatorRequest) -> HTTPResponse {
        do throws(InquiryFailure) {
            guard let deviceId = request.http.query["deviceId"], !deviceId.isEmpty else {
                throw .invalidRequest("the deviceId query parameter is required")
            }
            let caller = inquiryCaller(request, deviceId: deviceId)
            let fileId = request.parameter("fileId")
            let file = try inquiries.perform(inquiryEnvironment(request)) { state, env throws(InquiryFailure) in
                try state.download(caller, fileId: fileId, env)
            }
            return HTTPResponse(
                status: 200, headers: [("Content-Type", file.mimeType)], body: .bytes(Array(file.bytes)))
        } catch {
            return error.response
        }
    }

    /// `POST /v1/selfie-proxy/sessions/{captureSessionId}/transactions`: the emulated liveness service
    /// behind the selfie proxy issues a transaction id in a capture session (any body).
    func selfieTransaction(_ request: EmulatorRequest) -> HTTPResponse {
        let session = request.parameter("captureSessionId")
        return inquiryAnswer(status: 201) { () throws(InquiryFailure) -> JSONValue in
            try inquiries.perform(inquiryEnvironment(request)) { state, env throws(InquiryFailure) in
                try state.selfieTransaction(session: session, env)
            }
        }
    }
}
