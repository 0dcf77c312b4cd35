import FolioModel
import Foundation

/// A file upload, read and checked for size.
struct InquiryUpload: Sendable {
    var field: String
    var fileName: String
    var mimeType: String
    var sizeBytes: Int
}

extension InquiryState {
    static let handoffSeconds: TimeInterval = 600
    static let handoffBaseURL = "https://handoff.folio.example/h/"
    /// The largest file an inquiry takes: 32 MiB.
    static let maxFileBytes = 32 << 20

    /// A single-use handoff code that lets another device join the inquiry, for 600 s.
    mutating func createHandoff(_ caller: InquiryCaller, _ env: InquiryEnvironment) throws(InquiryFailure)
        -> JSONValue
    {
        let record = try authorizeChange(caller, now: env.now)
        let code = env.newID("hof")
        let expiresAt = env.now.addingTimeInterval(Self.handoffSeconds)
        handoffs[code] = InquiryHandoff(inquiryId: record.id, expiresAt: expiresAt)
        return [
            "code": .string(code), "qr": .string(Self.handoffBaseURL + code),
            "expiresAt": .string(RFC3339.format(expiresAt)),
        ]
    }

    /// Stores a file for a FILE field of the current step.
    mutating func addFile(_ caller: InquiryCaller, _ upload: InquiryUpload, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now)
        let template = try env.template(record.templateId)
        let step = template.steps[min(record.stepIndex, template.steps.count - 1)]
        guard let field = step.fields.first(where: { $0.key == upload.field && $0.kind == "FILE" }) else {
            throw .invalidRequest("\(upload.field) is not a FILE field of the step \(step.id)")
        }
        if let accept = field.accept, !accept.isEmpty, !accept.contains(upload.mimeType) {
            let texts = InquiryTexts.texts(for: template.locale(for: record.locale))
            throw .fieldValidation([field.key: texts.fileType])
        }
        let file = InquiryRecord.File(
            fileId: env.newID("ifl"), field: field.key, fileName: upload.fileName, mimeType: upload.mimeType,
            sizeBytes: upload.sizeBytes, deviceId: caller.deviceId, at: env.now)
        record.files.append(file)
        inquiries[record.id] = record
        return file.reference
    }

    /// What `GET /admin/inquiries/{id}` shows.
    func stored(_ id: String, templates: [String: InquiryTemplate]) throws(InquiryFailure) -> JSONValue {
        guard let record = inquiries[id] else { throw .notFound(id) }
        var members: [String: JSONValue] = [
            "id": .string(record.id), "organizationId": .string(record.organizationId),
            "templateId": .string(record.templateId), "status": .string(record.status.rawValue),
            "stepIndex": .int(Int64(record.stepIndex)), "locale": .string(record.locale),
            "correlationId": .string(record.correlationId), "launchExchanges": .int(Int64(record.launchExchanges)),
            "createdAt": .string(RFC3339.format(record.createdAt)),
            "expiresAt": .string(RFC3339.format(record.expiresAt)),
            "submissions": .array(record.submissions.map { $0.json }), "files": .array(record.files.map { $0.json }),
        ]
        if let steps = templates[record.templateId]?.steps, !steps.isEmpty {
            members["stepId"] = .string(steps[min(record.stepIndex, steps.count - 1)].id)
        }
        if let controller = record.controllerDeviceId { members["controllerDeviceId"] = .string(controller) }
        if let referenceId = record.referenceId { members["referenceId"] = .string(referenceId) }
        if let finishedAt = record.finishedAt { members["finishedAt"] = .string(RFC3339.format(finishedAt)) }
        return .object(members)
    }
}
