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

}
