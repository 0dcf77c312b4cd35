import FolioModel
import Foundation

/// A file upload, read and checked for size.
struct InquiryUpload: Sendable {
    var field: String
    var fileName: String
    var mimeType: String
    var bytes: Data

    var sizeBytes: Int { bytes.count }
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

    /// Stores a file for a FILE field of the current step, or for the field a verification step takes a
    /// file in now (a side's captureField in SCAN or UPLOAD_REVIEW, the chipField in the chip SCAN, a selfie
    /// PHOTO's captureField).
    mutating func addFile(_ caller: InquiryCaller, _ upload: InquiryUpload, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now)
        let template = try env.template(record.templateId)
        let step = template.steps[min(record.stepIndex, template.steps.count - 1)]
        let texts = InquiryTexts.texts(for: template.locale(for: record.locale))
        if step.verification != nil {
            try startVerificationIfNeeded(&record, env)
            guard let context = try verificationContext(record, locale: nil, env),
                var progress = record.verifications[step.id]
            else { throw .internalError("the verification step \(step.id) has no progress") }
            let accept = try Self.verificationUpload(upload, progress, context)
            guard accept.isEmpty || accept.contains(upload.mimeType) else {
                throw .fieldValidation([upload.field: texts.fileType])
            }
            let file = keepFile(upload, &record, caller, env)
            if context.template.kind == .governmentIdNfc {
                progress.chipFiles[upload.fileName] = file
                record.verifications[step.id] = progress
            }
            inquiries[record.id] = record
            return file.reference
        }
        guard let field = step.fields.first(where: { $0.key == upload.field && $0.kind == "FILE" }) else {
            throw .invalidRequest("\(upload.field) is not a FILE field of the step \(step.id)")
        }
        if let accept = field.accept, !accept.isEmpty, !accept.contains(upload.mimeType) {
            throw .fieldValidation([field.key: texts.fileType])
        }
        let file = keepFile(upload, &record, caller, env)
        inquiries[record.id] = record
        return file.reference
    }

    private mutating func keepFile(
        _ upload: InquiryUpload, _ record: inout InquiryRecord, _ caller: InquiryCaller, _ env: InquiryEnvironment
    ) -> InquiryRecord.File {
        let file = InquiryRecord.File(
            fileId: env.newID("ifl"), field: upload.field, fileName: upload.fileName, mimeType: upload.mimeType,
            sizeBytes: upload.sizeBytes, deviceId: caller.deviceId, at: env.now)
        record.files.append(file)
        keepBytes(upload.bytes, fileId: file.fileId)
        return file
    }

    /// The mime types a verification step takes for `upload` in its current state; 400 INVALID_REQUEST for a
    /// field that takes no file now, 422 SCHEMA_VALIDATION for a chip file that is not one.
    private static func verificationUpload(
        _ upload: InquiryUpload, _ progress: InquiryVerification, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) -> [String] {
        let template = context.template
        switch progress.state {
        case .scan, .uploadReview:
            if let side = context.side(progress), side.captureField == upload.field { return side.accept }
        case .chip:
            if template.nfc?.chipField == upload.field {
                try checkChipFile(upload)
                return []
            }
        case .capture:
            if let selfie = template.selfie, selfie.captureField == upload.field { return selfie.accept }
        default:
            break
        }
        throw .invalidRequest(
            "\(upload.field) takes no file on the step \(context.stepId) in its state \(progress.state.rawValue)")
    }

    /// What `GET /admin/inquiries/{id}` shows.
    func stored(_ id: String, templates: [String: InquiryTemplate]) throws(InquiryFailure) -> JSONValue {
        guard let record = inquiries[id] else { throw .notFound(id) }
        var members: JSONObject = [
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
        if let steps = templates[record.templateId]?.steps {
            var verifications: JSONObject = [:]
            for step in steps {
                guard let verification = step.verification, let progress = record.verifications[step.id] else {
                    continue
                }
                verifications[step.id] = progress.json(verification)
            }
            members["verifications"] = .object(verifications)
        }
        if let controller = record.controllerDeviceId { members["controllerDeviceId"] = .string(controller) }
        if let referenceId = record.referenceId { members["referenceId"] = .string(referenceId) }
        if let finishedAt = record.finishedAt { members["finishedAt"] = .string(RFC3339.format(finishedAt)) }
        return .object(members)
    }
}
