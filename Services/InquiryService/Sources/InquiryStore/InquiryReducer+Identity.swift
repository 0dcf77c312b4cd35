import FolioModel

extension InquiryReducer {
    /// A government id attempt passed: its verified identity is saved through the organization's mapper before
    /// the inquiry moves on (identity-records.md "When the mapper runs"); `identity` shows once it is saved.
    func saveIdentity(_ save: IdentitySaveRequest, _ state: inout State) -> [Effect] {
        guard let access = state.access else { return [] }
        state.identitySaves.insert(save.key)
        state.loading = true
        state.error = nil
        state.retry = nil
        state.pendingFolio = nil
        state.pendingSave = save
        return [.saveIdentity(requestID: state.startRequest(), access, save)]
    }

    /// A save that failed: RecordMapping and FileTooLarge end the inquiry (lifecycle Failed, the failure notice,
    /// nothing saved); InvalidState (no vault, a mapper that answers differently after an interruption) is a
    /// banner and the inquiry stays open; a network failure may be retried.
    func identityNotSaved(_ error: InquiryError, _ save: IdentitySaveRequest, _ state: inout State) -> [Effect] {
        state.pendingSave = nil
        state.loading = false
        state.error = error
        if error.endsSave {
            state.failure = .saveFailed(error)
            state.lifecycle = .failed(error: error)
            return []
        }
        state.retry = error.isRetryableKind ? .saveIdentity(save) : nil
        return []
    }
}

extension VerificationView {
    /// The save a passed government id attempt asks for; nil for any other step or state.
    func identitySave(inquiryId: String) -> IdentitySaveRequest? {
        switch state {
        case .governmentId(.outcome(.passed)), .governmentIdNfc(.outcome(.passed)):
            return IdentitySaveRequest(
                stepId: stepId, attempt: attempt.used, saveId: "\(inquiryId)/\(stepId)/\(attempt.used)")
        default:
            return nil
        }
    }
}
