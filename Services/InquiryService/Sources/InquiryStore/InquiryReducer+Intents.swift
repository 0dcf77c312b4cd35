import FolioModel
import Foundation

extension InquiryReducer {
    /// An intent on an inquiry that has its first step.
    func act(_ intent: InquiryIntent, at: Date, _ state: inout State) -> [Effect] {
        // One request to Folio at a time: an intent that would send another while one runs does nothing.
        if state.loading, intent.reachesFolio { return [] }
        switch intent {
        case .submit:
            switch state.stage?.content {
            case .screen(let screen)?:
                // A field that shows a violation the store found sends nothing.
                guard state.fieldErrors.isEmpty else { return [] }
                let fields = FieldSubmission.values(of: screen, kept: state.kept)
                return callFolio(.submit(stepId: screen.stepId, fields: fields, locale: state.locale), &state)
            case .verification(let view)?:
                do {
                    guard let fields = try VerificationSubmission.fields(of: view, kept: state.kept) else {
                        return reject(.platform(message: "this step has nothing to submit"), &state)
                    }
                    return callFolio(.submit(stepId: view.stepId, fields: fields, locale: state.locale), &state)
                } catch {
                    return reject(error, &state)
                }
            default:
                return reject(.platform(message: "this step has nothing to submit"), &state)
            }
        case .edit(let key, let value):
            do {
                if case .verification(let view)? = state.stage?.content {
                    try VerificationEditing.apply(key: key, value: value, to: view, &state)
                } else {
                    try FieldEditing.apply(key: key, value: value, at: at, to: &state)
                }
            } catch {
                return reject(error, &state)
            }
            return []
        case .back:
            guard let stepID = state.stage?.stepID else { return [] }
            return callFolio(.back(stepId: stepID, locale: state.locale), &state)
        case .cancel:
            return callFolio(.cancel(locale: state.locale), &state)
        case .complete:
            return callFolio(.complete(locale: state.locale), &state)
        case .retry:
            guard !state.loading, let retry = state.retry else { return [] }
            state.retry = nil
            switch retry {
            case .folio(let request): return callFolio(request, again: state.retryRequestID, &state)
            case .saveLocale(let locale): return saveLocale(locale, &state)
            case .saveIdentity(let save): return saveIdentity(save, &state)
            case .forgetInquiry(let inquiryId):
                state.error = nil
                return [.forgetInquiry(inquiryId: inquiryId)]
            }
        case .openLink, .capture:
            // The client opens the link or the camera itself; the store ignores these when sent.
            return []
        case .linkRefused(let url):
            return reject(.linkRefused(url: url), &state)
        case .upload(let field, let fileName, let mimeType, let bytes):
            if case .verification(let view)? = state.stage?.content {
                return uploadToVerification(
                    view, field: field, fileName: fileName, mimeType: mimeType, bytes: bytes.bytes, &state)
            }
            guard let screen = state.stage?.screen else {
                return reject(.invalidStepType(message: "this step takes no upload"), &state)
            }
            guard let target = screen.fields.first(where: { $0.id == field || $0.key == field }), target.kind == .file
            else {
                return reject(.platform(message: "\(field) is not a file field of this step"), &state)
            }
            // The field's own limit; the image limit when Folio names none.
            let limit = target.constraints.json["maxBytes"]?.intValue ?? InquiryError.imageLimitBytes
            guard Int64(bytes.bytes.count) <= limit else {
                return reject(.fileTooLarge(limitBytes: limit), &state)
            }
            // Folio names a step's fields by key.
            return callFolio(
                .upload(field: target.key, fileName: fileName, mimeType: mimeType, bytes: bytes.bytes), &state)
        case .setLocale(let locale):
            return saveLocale(locale, &state)
        case .handoff:
            return callFolio(.handoff, &state)
        case .continueHere:
            return callFolio(.takeControl(locale: state.locale), &state)
        case .previewFrame(let width, let height, let bytes):
            return previewFrame(width: width, height: height, bytes: bytes.bytes, at: at, &state)
        case .submitCapture(let sessionId, let transactionId):
            return submitCapture(sessionId: sessionId, transactionId: transactionId, &state)
        case .uploadCapture(let sessionId, let field, let bytes):
            return uploadCapture(sessionId: sessionId, field: field, bytes: bytes.bytes, &state)
        case .fileUnreadable(let field):
            guard acceptsFileUnreadable(field, state) else {
                return reject(.platform(message: "\(field) is not a file field of this step"), &state)
            }
            return reject(.fileUnreadable(field: field), &state)
        }
    }

    /// SetLocale first saves the choice as the SDK language; only then does it ask Folio for the step.
    private func saveLocale(_ locale: String, _ state: inout State) -> [Effect] {
        state.loading = true
        state.error = nil
        state.pendingFolio = nil
        return [.saveLocale(requestID: state.startRequest(), locale: locale)]
    }

    /// An intent the store refuses without asking Folio: the error lands in the model.
    func reject(_ error: InquiryError, _ state: inout State) -> [Effect] {
        state.error = error
        state.retry = nil
        return []
    }
}
