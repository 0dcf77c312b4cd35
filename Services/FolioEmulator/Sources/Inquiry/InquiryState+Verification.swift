import FolioModel
import Foundation

/// What a verification step works with: its template, its knobs, the inquiry as it was when the call
/// began, the texts of the call's language and the request's environment.
struct InquiryVerificationContext {
    let template: InquiryVerificationTemplate
    let stepId: String
    let knobs: InquiryVerificationKnobs
    let record: InquiryRecord
    let texts: InquiryTexts
    let env: InquiryEnvironment
}

extension InquiryState {
    /// The context of the current step of `record` when it is a verification step.
    func verificationContext(_ record: InquiryRecord, locale: String?, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> InquiryVerificationContext?
    {
        let template = try env.template(record.templateId)
        let step = template.steps[min(record.stepIndex, template.steps.count - 1)]
        guard let verification = step.verification else { return nil }
        return InquiryVerificationContext(
            template: verification, stepId: step.id, knobs: record.verificationKnobs[step.id] ?? .init(),
            record: record, texts: .texts(for: template.locale(for: locale ?? record.locale)), env: env)
    }

    /// Gives the current verification step of `record` its progress when it has none yet.
    mutating func startVerificationIfNeeded(_ record: inout InquiryRecord, _ env: InquiryEnvironment)
        throws(InquiryFailure)
    {
        guard !record.status.isFinal, let context = try verificationContext(record, locale: nil, env),
            record.verifications[context.stepId] == nil
        else { return }
        var progress = InquiryVerification(state: .processing)
        beginAttempt(&progress, context)
        record.verifications[context.stepId] = progress
    }

    /// A controller's read: PROCESSING and PREPARING count down and move on when their reads are used up.
    mutating func advanceVerification(_ record: inout InquiryRecord, _ env: InquiryEnvironment)
        throws(InquiryFailure)
    {
        guard !record.status.isFinal, let context = try verificationContext(record, locale: nil, env),
            var progress = record.verifications[context.stepId],
            progress.state == .processing || progress.state == .preparing
        else { return }
        progress.readsLeft -= 1
        if progress.readsLeft <= 0 {
            if progress.state == .processing {
                try resolve(&progress, context)
            } else {
                startCapture(&progress, context)
            }
        }
        record.verifications[context.stepId] = progress
    }

    /// A submission on a verification step; true when the inquiry moves on to its next step.
    mutating func submitVerification(
        _ progress: inout InquiryVerification, fields: JSONObject, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) -> Bool {
        switch progress.state {
        case .passed:
            return true
        case .failed, .error, .expired:
            guard progress.canRetry(context.template) else { return true }
            progress.attempt += 1
            beginAttempt(&progress, context)
            return false
        case .processing, .preparing:
            throw InquiryFailure(
                status: 409, code: "VERIFICATION_PROCESSING",
                message: "the step \(context.stepId) is being checked; read it until it moves on")
        case .selectDocument, .scan, .confirm, .uploadReview:
            try submitGovernmentId(&progress, fields: fields, context)
        case .chip:
            try submitChip(&progress, context)
        case .capture:
            try submitCapture(&progress, fields: fields, context)
        case .verify, .bound:
            try sendCode(&progress, fields: fields, context)
        case .confirmCode:
            try confirmCode(&progress, fields: fields, context)
        }
        return false
    }

    /// A back on a verification step: true when the step took it (CONFIRM → SCAN, a later side → the one
    /// before, the first side → SELECT_DOCUMENT, a code's CONFIRM → VERIFY or BOUND); false when the inquiry
    /// goes back to its previous step.
    func backVerification(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext) -> Bool {
        switch progress.state {
        case .confirm, .scan, .uploadReview:
            return backGovernmentId(&progress, context)
        case .confirmCode:
            progress.state = boundTarget(context) == nil ? .verify : .bound
            return true
        default:
            return false
        }
    }

    /// Starts the attempt `progress.attempt` at the first state of its kind.
    mutating func beginAttempt(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext) {
        progress.images = [:]
        progress.chipFiles = [:]
        progress.sideIndex = 0
        progress.sends = 0
        progress.code = nil
        progress.captureSessionId = nil
        progress.captureExpiresAt = nil
        switch context.template.kind {
        case .governmentId:
            if let type = progress.documentType,
                let document = context.template.governmentId?.documents.first(where: { $0.type == type })
            {
                progress.state = document.sides[0].isCamera ? .scan : .uploadReview
            } else {
                progress.state = .selectDocument
            }
        case .governmentIdNfc:
            progress.state = .chip
        case .selfie:
            progress.state = .preparing
            progress.readsLeft = context.template.selfie?.preparingReads ?? 1
            if progress.readsLeft <= 0 { startCapture(&progress, context) }
        case .emailOtp, .phoneOtp:
            progress.state = boundTarget(context) == nil ? .verify : .bound
        }
    }

    /// Hands the attempt over to be checked; without reads to wait for, its outcome follows at once.
    mutating func startProcessing(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext)
        throws(InquiryFailure)
    {
        progress.state = .processing
        progress.readsLeft = context.knobs.processingReads ?? context.template.processingReads
        if progress.readsLeft <= 0 { try resolve(&progress, context) }
    }

    /// Ends the attempt as the knobs say (PASS by default); a passed government id step signs its outcome.
    mutating func resolve(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext)
        throws(InquiryFailure)
    {
        switch context.knobs.outcome(ofAttempt: progress.attempt) {
        case .pass:
            if context.template.kind.isGovernmentId { progress.outcome = try signOutcome(progress, context) }
            progress.state = .passed
        case .fail: progress.state = .failed
        case .error: progress.state = .error
        case .expire: progress.state = .expired
        }
    }

    /// The file a submitted value `{fileId, ...}` names, uploaded to `field` of this inquiry: 422
    /// SCHEMA_VALIDATION for a value that is not such an object, FIELD_VALIDATION when it is missing or the
    /// file was not uploaded to that field.
    func uploadedFile(_ value: JSONValue?, field: String, _ context: InquiryVerificationContext)
        throws(InquiryFailure) -> InquiryRecord.File
    {
        guard let value, !value.isNull else { throw .fieldValidation([field: context.texts.required]) }
        guard let fileId = value["fileId"]?.stringValue else {
            throw .schemaValidation("\(field): a file field takes {fileId, fileName, sizeBytes}, not \(value)")
        }
        guard let file = context.record.files.first(where: { $0.fileId == fileId && $0.field == field }) else {
            throw .fieldValidation([field: context.texts.unknownFile])
        }
        return file
    }
}
