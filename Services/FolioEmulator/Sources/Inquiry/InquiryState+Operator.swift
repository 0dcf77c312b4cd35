import FolioModel
import FolioWire
import Foundation

/// What `POST /v1/operator/inquiries` asks for, read and checked.
struct InquiryCreation: Sendable {
    var organizationId: String
    var templateId: String
    var referenceId: String?
    var prefill: JSONObject
    var expiresIn: TimeInterval
    var launchCodeTtl: TimeInterval
    var tokenTtl: TimeInterval
    var launchAnswer: FolioInquiryTesting.LaunchAnswer
    var verificationKnobs: [String: InquiryVerificationKnobs] = [:]
}

extension InquiryState {
    /// Creates an inquiry (CREATED) and its first launch code.
    mutating func create(_ creation: InquiryCreation, _ env: InquiryEnvironment) throws(InquiryFailure) -> JSONValue {
        let template = try env.template(creation.templateId)
        let record = InquiryRecord(
            id: env.newID("inq"), organizationId: creation.organizationId, templateId: creation.templateId,
            referenceId: creation.referenceId, correlationId: env.newID("cor"), prefill: creation.prefill,
            createdAt: env.now, expiresAt: env.now.addingTimeInterval(creation.expiresIn),
            launchCodeTtl: creation.launchCodeTtl, tokenTtl: creation.tokenTtl, launchAnswer: creation.launchAnswer,
            verificationKnobs: creation.verificationKnobs,
            locale: template.defaultLocale)
        inquiries[record.id] = record
        let code = newLaunchCode(for: record, env)
        return [
            "inquiryId": .string(record.id), "launchCode": .string(code.text),
            "launchCodeExpiresAt": .string(RFC3339.format(code.expiresAt)),
            "expiresAt": .string(RFC3339.format(record.expiresAt)), "status": .string(record.status.rawValue),
        ]
    }

    /// Another launch code for an inquiry that is neither expired nor final.
    mutating func addLaunchCode(inquiryId: String, _ env: InquiryEnvironment) throws(InquiryFailure) -> JSONValue {
        guard var record = inquiries[inquiryId] else { throw .notFound(inquiryId) }
        record.expireIfDue(now: env.now)
        inquiries[inquiryId] = record
        guard record.status != .expired else { throw .expired(inquiryId) }
        guard !record.status.isFinal else { throw .finished(inquiryId, record.status) }
        let code = newLaunchCode(for: record, env)
        return ["launchCode": .string(code.text), "launchCodeExpiresAt": .string(RFC3339.format(code.expiresAt))]
    }

    private mutating func newLaunchCode(for record: InquiryRecord, _ env: InquiryEnvironment)
        -> (text: String, expiresAt: Date)
    {
        let text = env.newID("ilc")
        let expiresAt = env.now.addingTimeInterval(record.launchCodeTtl)
        launchCodes[text] = InquiryLaunchCode(inquiryId: record.id, expiresAt: expiresAt)
        return (text, expiresAt)
    }
}
