extension Emulator {
    /// The inquiry routes: the operator's, the device's (with `Folio-Inquiry-Token`) and the admin helpers.
    static func addInquiryRoutes(to router: inout Router) {
        router.add("POST", "/v1/operator/inquiries", .apiKey) { emulator, request throws(APIError) in
            try await emulator.createInquiry(request)
        }
        router.add("POST", "/v1/operator/inquiries/{inquiryId}/launch-codes", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.createLaunchCode(request)
        }
        router.add("POST", "/v1/inquiries/launch", .apiKey) { emulator, request throws(APIError) in
            try await emulator.launchInquiry(request)
        }
        router.add("POST", "/v1/handoffs/redeem", .apiKey) { emulator, request throws(APIError) in
            try await emulator.redeemHandoff(request)
        }
        router.add("GET", "/v1/inquiries/{inquiryId}", .apiKey) { emulator, request in emulator.readInquiry(request) }
        router.add("POST", "/v1/inquiries/{inquiryId}/submit", .apiKey) { emulator, request throws(APIError) in
            try await emulator.submitInquiryStep(request)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/back", .apiKey) { emulator, request throws(APIError) in
            try await emulator.goBackInquiry(request)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/cancel", .apiKey) { emulator, request throws(APIError) in
            try await emulator.finishInquiry(request, complete: false)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/complete", .apiKey) { emulator, request throws(APIError) in
            try await emulator.finishInquiry(request, complete: true)
        }
        router.add("GET", "/v1/inquiries/{inquiryId}/result", .apiKey) { emulator, request in
            emulator.inquiryResult(request)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/controller", .apiKey) { emulator, request throws(APIError) in
            try await emulator.takeInquiryControl(request)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/handoffs", .apiKey) { emulator, request throws(APIError) in
            try await emulator.createHandoff(request)
        }
        router.add("POST", "/v1/inquiries/{inquiryId}/files", .apiKey, maxBodyBytes: InquiryState.maxRequestBytes) {
            emulator, request throws(APIError) in
            try await emulator.uploadInquiryFile(request)
        }
        router.add("GET", "/v1/inquiries/{inquiryId}/files/{fileId}", .apiKey) { emulator, request in
            emulator.downloadInquiryFile(request)
        }
        router.add("GET", "/v1/inquiries/{inquiryId}/verifications/{stepId}/outcome", .apiKey) { emulator, request in
            emulator.verificationOutcome(request)
        }
        router.add(
            "POST", "/v1/selfie-proxy/sessions/{captureSessionId}/transactions", .open,
            maxBodyBytes: InquiryState.maxRequestBytes
        ) { emulator, request in
            emulator.selfieTransaction(request)
        }

        router.add("GET", "/admin/inquiries/{inquiryId}", .admin) { emulator, request in
            emulator.storedInquiry(request)
        }
        router.add("POST", "/admin/inquiries/{inquiryId}/expire", .admin) { emulator, request in
            emulator.expireInquiry(request)
        }
    }
}
