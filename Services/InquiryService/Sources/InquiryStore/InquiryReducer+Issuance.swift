extension InquiryReducer {
    /// The launch code goes to Folio with the holder the runtime's session names now (read with the recall of the
    /// code, so a sign-in before the launch counts). A Retry before the first step sends the holder read the first
    /// time: the exchange goes out again under the same idempotency key, which Folio replays only for the same
    /// body.
    func exchange(_ code: String, sessionHolder: InquiryHolder?, _ state: inout State) -> [Effect] {
        if !state.holderRead {
            state.holder = sessionHolder
            state.holderRead = true
        }
        return [.exchangeLaunchCode(requestID: state.startRequest(), launchCode: code, holder: state.holder)]
    }

    /// The issuance a step update at a final status offers (the envelope of the completion and every later one
    /// carry it).
    func announce(_ update: FolioStepUpdate, _ state: inout State) -> [Effect] {
        announce(update.issuanceId, inquiryId: update.inquiryId, &state)
    }

    /// Folio offers an issuance for the completed inquiry: announced once (IssuanceOffered) for the account the
    /// inquiry was launched for. Nothing when this Open did not launch the inquiry (a resume, a code this device
    /// had exchanged before): the store does not know whom the launch named. (A launch that named no holder gets
    /// no issuance.)
    func announce(_ issuanceId: String?, inquiryId: String, _ state: inout State) -> [Effect] {
        guard let issuanceId, issuanceId != state.announcedIssuance, let holder = state.holder else { return [] }
        state.announcedIssuance = issuanceId
        return [.announceIssuance(accountId: holder.accountId, issuanceId: issuanceId, inquiryId: inquiryId)]
    }
}
