import FolioModel
import Foundation

extension InquiryReducer {
    /// An intent on an inquiry that has its first step.
    func act(_ intent: InquiryIntent, at: Date, _ state: inout State) -> [Effect] {
        switch intent {
        case .submit:
            guard let screen = state.stage?.screen else {
                return reject(.platform(message: "this step has nothing to submit"), &state)
            }
            // A field that shows a violation the store found sends nothing.
            guard state.fieldErrors.isEmpty else { return [] }
            let fields = FieldSubmission.values(of: screen, kept: state.kept)
            return callFolio(.submit(stepId: screen.stepId, fields: fields, locale: state.locale), &state)
        case .edit(let key, let value):
            do {
                try FieldEditing.apply(key: key, value: value, at: at, to: &state)
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
            }
        case .openLink, .capture:
            // The client opens the link or the camera itself; the store ignores these when sent.
            return []
        case .linkRefused(let url):
            return reject(.linkRefused(url: url), &state)
        case .upload(let field, let fileName, let mimeType, let bytes):
            guard let target = state.stage?.screen?.fields.first(where: { $0.id == field || $0.key == field }),
                target.kind == .file
            else {
                return reject(.platform(message: "\(field) is not a file field of this step"), &state)
            }
            guard Int64(bytes.bytes.count) <= InquiryError.imageLimitBytes else {
                return reject(.fileTooLarge(limitBytes: InquiryError.imageLimitBytes), &state)
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
        case .previewFrame:
            // Frames count only while a document scan is active, which only a verification step starts.
            return []
        case .submitCapture:
            return reject(.invalidStepType(message: "SubmitCapture needs a selfie Liveness or Passive step"), &state)
        case .uploadCapture:
            return reject(.invalidStepType(message: "UploadCapture needs a selfie Photo step"), &state)
        case .fileUnreadable(let field):
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
    private func reject(_ error: InquiryError, _ state: inout State) -> [Effect] {
        state.error = error
        state.retry = nil
        return []
    }
}
