import HTTP

extension Emulator {
    /// `POST /v1/inquiries/launch`: exchanges a launch code for a token and the window attestation.
    func launchInquiry(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryOpenChange(request) { fields throws(InquiryFailure) in
            let code = try fields.string("launchCode")
            let organizationId = try fields.string("organizationId", maxLength: 128)
            let deviceId = try fields.deviceId()
            let holder = try inquiryHolder(fields, organizationId: organizationId, request)
            return { state, env throws(InquiryFailure) in
                try state.launch(code: code, organizationId: organizationId, deviceId: deviceId, holder: holder, env)
            }
        }
    }

    /// `POST /v1/handoffs/redeem`: a handoff code for a token of another device, which joins as an observer.
    func redeemHandoff(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryOpenChange(request) { fields throws(InquiryFailure) in
            let code = try fields.string("code")
            let organizationId = try fields.string("organizationId", maxLength: 128)
            let deviceId = try fields.deviceId()
            return { state, env throws(InquiryFailure) in
                try state.redeemHandoff(code: code, organizationId: organizationId, deviceId: deviceId, env)
            }
        }
    }
}
