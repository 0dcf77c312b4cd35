import FolioModel
import FolioWire
import HTTP

extension Emulator {
    /// `POST /v1/operator/inquiries`: the operator's backend creates an inquiry from a template.
    func createInquiry(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await inquiryOpenChange(request, status: 201) { fields throws(InquiryFailure) in
            let organizationId = try fields.string("organizationId", maxLength: 128)
            do throws(APIError) {
                _ = try requireOrganization(organizationId)
            } catch {
                throw InquiryFailure(error)
            }
            let templateId = try fields.string("templateId", maxLength: 128)
            guard inquiries.templates[templateId] != nil else {
                throw InquiryFailure(status: 404, code: "TEMPLATE_NOT_FOUND", message: "no template \(templateId)")
            }
            var launchAnswer = FolioInquiryTesting.LaunchAnswer.normal
            var verificationKnobs: [String: InquiryVerificationKnobs] = [:]
            if let testing = try fields.object("testing") {
                if let unknown = testing.keys.sorted().first(where: { $0 != "launchAnswer" && $0 != "verification" }) {
                    throw .invalidRequest("testing.\(unknown) is not one of launchAnswer, verification")
                }
                if let knob = testing["launchAnswer"], !knob.isNull {
                    guard let text = knob.stringValue, let answer = FolioInquiryTesting.LaunchAnswer(rawValue: text) else {
                        throw .invalidRequest(
                            "testing.launchAnswer must be NORMAL, WITHOUT_INQUIRY_ID, BAD_ATTESTATION_SIGNATURE or "
                                + "ATTESTATION_FOR_OTHER_INQUIRY")
                    }
                    launchAnswer = answer
                }
                if let knobs = testing["verification"], !knobs.isNull, let template = inquiries.templates[templateId] {
                    verificationKnobs = try InquiryVerificationKnobs.read(knobs, template: template)
                }
            }
            let creation = InquiryCreation(
                organizationId: organizationId, templateId: templateId,
                referenceId: try fields.optionalString("referenceId"), prefill: try fields.object("prefill") ?? [:],
                expiresIn: Double(try fields.int("expiresInSeconds", default: 86_400, 1...31_536_000)),
                launchCodeTtl: Double(try fields.int("launchCodeTtlSeconds", default: 600, 1...31_536_000)),
                tokenTtl: Double(try fields.int("tokenTtlSeconds", default: 3_600, 1...31_536_000)),
                launchAnswer: launchAnswer, verificationKnobs: verificationKnobs)
            return { state, env throws(InquiryFailure) in try state.create(creation, env) }
        }
    }

    /// `POST /v1/operator/inquiries/{inquiryId}/launch-codes`: another single-use launch code.
    func createLaunchCode(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let inquiryId = request.parameter("inquiryId")
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            inquiryAnswer(status: 201) { () throws(InquiryFailure) -> JSONValue in
                try inquiries.perform(inquiryEnvironment()) { state, env throws(InquiryFailure) in
                    try state.addLaunchCode(inquiryId: inquiryId, env)
                }
            }
        }
    }
}
