import StoreKit

extension InquiryReducer {
    /// An open inquiry in the worker's metrics (`folio_service_stores_open{kind="inquiry"}`): lifecycle Started,
    /// from the first step (a final status included, while its Terminal stage shows) until Close, or until a
    /// failure ends the inquiry's access (Failed).
    public static func countsAsOpen(_ state: State) -> Bool {
        if case .started = state.lifecycle { return true }
        return false
    }
}
