import FolioModel
import Foundation

extension InquiryState {
    /// The envelope of `record` for the caller's device; a locale the template has becomes the inquiry's.
    mutating func envelope(_ record: InquiryRecord, caller: InquiryCaller, locale: String?, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = record
        let template = try env.template(record.templateId)
        if let locale, template.languages.contains(where: { $0.code == locale }) { record.locale = locale }
        try startVerificationIfNeeded(&record, env)
        inquiries[record.id] = record
        return InquiryRenderer(template: template, record: record, requestedLocale: locale, baseURL: env.baseURL)
            .envelope(deviceId: caller.deviceId)
    }

    /// `GET /v1/inquiries/{id}`: the current stage (observer screen on a device without control). A read of
    /// the controller counts down a verification step's PROCESSING or PREPARING.
    mutating func read(_ caller: InquiryCaller, locale: String?, _ env: InquiryEnvironment) throws(InquiryFailure)
        -> JSONValue
    {
        var record = try authorize(caller, now: env.now)
        if record.controllerDeviceId == caller.deviceId { try advanceVerification(&record, env) }
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// Records the fields for the current step and moves to the next one (the last step stays).
    mutating func submit(
        _ caller: InquiryCaller, stepId: String, fields: JSONObject, locale: String?,
        _ env: InquiryEnvironment
    ) throws(InquiryFailure) -> JSONValue {
        var record = try authorizeChange(caller, now: env.now)
        let template = try env.template(record.templateId)
        let step = try currentStep(record, template, stepId: stepId)
        let texts = InquiryTexts.texts(for: template.locale(for: locale ?? record.locale))
        if step.verification != nil {
            return try submitVerificationStep(record, caller: caller, fields: fields, locale: locale, env)
        }
        try InquirySubmission(step: step, fields: fields, files: record.files, texts: texts).check()
        record.submissions.append(
            InquiryRecord.Submission(stepId: step.id, deviceId: caller.deviceId, fields: fields, at: env.now))
        record.values.merge(fields) { _, new in new }
        record.stepIndex = min(record.stepIndex + 1, template.steps.count - 1)
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// Moves to the previous step; 409 CANNOT_GO_BACK on the first.
    mutating func back(_ caller: InquiryCaller, stepId: String, locale: String?, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now)
        let template = try env.template(record.templateId)
        let step = try currentStep(record, template, stepId: stepId)
        if step.verification != nil, var progress = record.verifications[step.id],
            let context = try verificationContext(record, locale: locale, env),
            backVerification(&progress, context)
        {
            record.verifications[step.id] = progress
            return try envelope(record, caller: caller, locale: locale, env)
        }
        guard record.stepIndex > 0 else {
            throw InquiryFailure(status: 409, code: "CANNOT_GO_BACK", message: "the inquiry is on its first step")
        }
        record.stepIndex -= 1
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// Ends the inquiry CANCELED.
    mutating func cancel(_ caller: InquiryCaller, locale: String?, _ env: InquiryEnvironment) throws(InquiryFailure)
        -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now)
        record.finish(.canceled, now: env.now)
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// Ends the inquiry COMPLETED; only on its last step (409 CANNOT_COMPLETE before).
    mutating func complete(_ caller: InquiryCaller, locale: String?, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now)
        let template = try env.template(record.templateId)
        guard record.stepIndex == template.steps.count - 1 else {
            throw InquiryFailure(
                status: 409, code: "CANNOT_COMPLETE", message: "the inquiry can complete only on its last step")
        }
        record.finish(.completed, now: env.now)
        if let offer = template.issuance, let holder = record.holder {
            let id = env.newID("isu")
            env.emulator.issuances.offer(offer, id: id, inquiry: record, holder: holder, now: env.now)
            record.issuanceId = id
        }
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// Makes the caller's device the controller.
    mutating func takeControl(_ caller: InquiryCaller, locale: String?, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        var record = try authorizeChange(caller, now: env.now, anyDevice: true)
        record.controllerDeviceId = caller.deviceId
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// `{inquiryId, status, outcome, finishedAt}`.
    mutating func result(_ caller: InquiryCaller, _ env: InquiryEnvironment) throws(InquiryFailure) -> JSONValue {
        let record = try authorize(caller, now: env.now)
        return [
            "inquiryId": .string(record.id), "status": .string(record.status.rawValue),
            "outcome": record.status.isFinal ? .string(record.status.rawValue) : .null,
            "finishedAt": record.finishedAt.map { .string(RFC3339.format($0)) } ?? .null,
            "issuanceId": record.issuanceId.map { .string($0) } ?? .null,
        ]
    }

    /// A submission on the current verification step: recorded when the step took it; the inquiry moves on
    /// when the step says so. A refused one keeps what the step counted (wrong codes).
    private mutating func submitVerificationStep(
        _ record: InquiryRecord, caller: InquiryCaller, fields: JSONObject, locale: String?,
        _ env: InquiryEnvironment
    ) throws(InquiryFailure) -> JSONValue {
        var record = record
        try startVerificationIfNeeded(&record, env)
        let template = try env.template(record.templateId)
        guard let context = try verificationContext(record, locale: locale, env),
            var progress = record.verifications[context.stepId]
        else { throw .internalError("the verification step has no progress") }
        let movesOn: Bool
        do throws(InquiryFailure) {
            movesOn = try submitVerification(&progress, fields: fields, context)
        } catch {
            record.verifications[context.stepId] = progress
            inquiries[record.id] = record
            throw error
        }
        record.verifications[context.stepId] = progress
        record.submissions.append(
            InquiryRecord.Submission(stepId: context.stepId, deviceId: caller.deviceId, fields: fields, at: env.now))
        if progress.state == .passed, let sent = progress.code, let otp = context.template.otp {
            record.values[otp.contactField] = .string(sent.target)
        }
        if movesOn { record.stepIndex = min(record.stepIndex + 1, template.steps.count - 1) }
        return try envelope(record, caller: caller, locale: locale, env)
    }

    /// The current step, which `stepId` must name (409 STEP_OUTDATED otherwise).
    private func currentStep(_ record: InquiryRecord, _ template: InquiryTemplate, stepId: String)
        throws(InquiryFailure) -> InquiryTemplate.Step
    {
        let step = template.steps[min(record.stepIndex, template.steps.count - 1)]
        guard step.id == stepId else {
            throw InquiryFailure(
                status: 409, code: "STEP_OUTDATED", message: "the current step is \(step.id), not \(stepId)")
        }
        return step
    }
}
