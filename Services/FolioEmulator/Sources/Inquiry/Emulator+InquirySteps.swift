import FolioModel
import HTTP

extension Emulator {
    /// `GET /v1/inquiries/{inquiryId}?deviceId=&locale=`: the StepEnvelope of the current state.
    func readInquiry(_ request: EmulatorRequest) -> HTTPResponse {
        let locale = request.http.query["locale"].flatMap { $0.isEmpty ? nil : $0 }
        return inquiryRead(request) { caller, state, env throws(InquiryFailure) in
            try state.read(caller, locale: locale, env)
        }
    }

    /// `GET /v1/inquiries/{inquiryId}/result?deviceId=`.
    func inquiryResult(_ request: EmulatorRequest) -> HTTPResponse {
        inquiryRead(request) { caller, state, env throws(InquiryFailure) in try state.result(caller, env) }
    }

    /// `POST /v1/inquiries/{inquiryId}/submit`.
    func submitInquiryStep(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            let stepId = try fields.string("stepId", maxLength: 128)
            guard let values = try fields.object("fields") else { throw .invalidRequest("fields must be an object") }
            let locale = try fields.locale()
            return (
                caller,
                { state, env throws(InquiryFailure) in
                    try state.submit(caller, stepId: stepId, fields: values, locale: locale, env)
                }
            )
        }
    }

    /// `POST /v1/inquiries/{inquiryId}/back`.
    func goBackInquiry(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            let stepId = try fields.string("stepId", maxLength: 128)
            let locale = try fields.locale()
            return (
                caller,
                { state, env throws(InquiryFailure) in try state.back(caller, stepId: stepId, locale: locale, env) }
            )
        }
    }

    /// `POST /v1/inquiries/{inquiryId}/cancel` and `.../complete`.
    func finishInquiry(_ request: EmulatorRequest, complete: Bool) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            let locale = try fields.locale()
            return (
                caller,
                { state, env throws(InquiryFailure) in
                    complete
                        ? try state.complete(caller, locale: locale, env)
                        : try state.cancel(caller, locale: locale, env)
                }
            )
        }
    }

    /// `POST /v1/inquiries/{inquiryId}/controller`.
    func takeInquiryControl(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryChange(request) { fields throws(InquiryFailure) in
            let caller = inquiryCaller(request, deviceId: try fields.deviceId())
            let locale = try fields.locale()
            return (caller, { state, env throws(InquiryFailure) in try state.takeControl(caller, locale: locale, env) })
        }
    }
}
