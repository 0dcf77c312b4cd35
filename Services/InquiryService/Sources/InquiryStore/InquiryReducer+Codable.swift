import FolioModel
import StoreKit

// Snapshots keep the shape they had before the request ledger: `pendingRequest` (the id awaited) and
// `nextRequestID` (the last id handed out), so that a snapshot reads back whichever version wrote it.
extension InquiryReducer.State {
    private enum CodingKeys: String, CodingKey {
        case sdkLocale, deviceTimeZone, lifecycle, entry, access, status, locale, stage, kept, fieldErrors, loading
        case error, failure, pendingRequest, pendingFolio, retry, retryRequestID, nextRequestID, openRequestBase
        case observing, readingAsObserver, outcome, capture, identity, identitySaves, pendingSave
        case holder, holderRead, announcedIssuance
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sdkLocale: try container.decode(String.self, forKey: .sdkLocale),
            deviceTimeZone: try container.decode(String.self, forKey: .deviceTimeZone))
        lifecycle = try container.decode(InquiryLifecycle.self, forKey: .lifecycle)
        entry = try container.decodeIfPresent(InquiryEntry.self, forKey: .entry)
        access = try container.decodeIfPresent(SavedInquiry.self, forKey: .access)
        status = try container.decodeIfPresent(InquiryStatus.self, forKey: .status)
        locale = try container.decodeIfPresent(String.self, forKey: .locale)
        stage = try container.decodeIfPresent(InquiryStage.self, forKey: .stage)
        kept = try container.decode([String: KeptValue].self, forKey: .kept)
        fieldErrors = try container.decode([String: String].self, forKey: .fieldErrors)
        loading = try container.decode(Bool.self, forKey: .loading)
        error = try container.decodeIfPresent(InquiryError.self, forKey: .error)
        failure = try container.decodeIfPresent(InquiryFailureView.Reason.self, forKey: .failure)
        let pendingRequest = try container.decodeIfPresent(UInt64.self, forKey: .pendingRequest)
        requests = RequestLedger(
            lastIssued: try container.decode(UInt64.self, forKey: .nextRequestID),
            awaited: pendingRequest.map { [.init(id: $0, purpose: .answer)] } ?? [])
        pendingFolio = try container.decodeIfPresent(FolioInquiryRequest.self, forKey: .pendingFolio)
        retry = try container.decodeIfPresent(RetryTarget.self, forKey: .retry)
        retryRequestID = try container.decodeIfPresent(UInt64.self, forKey: .retryRequestID)
        openRequestBase = try container.decodeIfPresent(UInt64.self, forKey: .openRequestBase)
        observing = try container.decode(Bool.self, forKey: .observing)
        readingAsObserver = try container.decode(Bool.self, forKey: .readingAsObserver)
        outcome = try container.decodeIfPresent(TerminalOutcome.self, forKey: .outcome)
        capture = try container.decodeIfPresent(DocumentCaptureSession.self, forKey: .capture)
        identity = try container.decodeIfPresent(VerifiedIdentity.self, forKey: .identity)
        identitySaves = try container.decode(Set<String>.self, forKey: .identitySaves)
        pendingSave = try container.decodeIfPresent(IdentitySaveRequest.self, forKey: .pendingSave)
        // Absent from snapshots written before holders were named.
        holder = try container.decodeIfPresent(InquiryHolder.self, forKey: .holder)
        holderRead = try container.decodeIfPresent(Bool.self, forKey: .holderRead) ?? false
        announcedIssuance = try container.decodeIfPresent(String.self, forKey: .announcedIssuance)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sdkLocale, forKey: .sdkLocale)
        try container.encode(deviceTimeZone, forKey: .deviceTimeZone)
        try container.encode(lifecycle, forKey: .lifecycle)
        try container.encodeIfPresent(entry, forKey: .entry)
        try container.encodeIfPresent(access, forKey: .access)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encodeIfPresent(locale, forKey: .locale)
        try container.encodeIfPresent(stage, forKey: .stage)
        try container.encode(kept, forKey: .kept)
        try container.encode(fieldErrors, forKey: .fieldErrors)
        try container.encode(loading, forKey: .loading)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(failure, forKey: .failure)
        try container.encodeIfPresent(pendingRequest, forKey: .pendingRequest)
        try container.encodeIfPresent(pendingFolio, forKey: .pendingFolio)
        try container.encodeIfPresent(retry, forKey: .retry)
        try container.encodeIfPresent(retryRequestID, forKey: .retryRequestID)
        try container.encode(nextRequestID, forKey: .nextRequestID)
        try container.encodeIfPresent(openRequestBase, forKey: .openRequestBase)
        try container.encode(observing, forKey: .observing)
        try container.encode(readingAsObserver, forKey: .readingAsObserver)
        try container.encodeIfPresent(outcome, forKey: .outcome)
        try container.encodeIfPresent(capture, forKey: .capture)
        try container.encodeIfPresent(identity, forKey: .identity)
        try container.encode(identitySaves, forKey: .identitySaves)
        try container.encodeIfPresent(pendingSave, forKey: .pendingSave)
        try container.encodeIfPresent(holder, forKey: .holder)
        // Left out while false, so a state without a launch keeps the shape it had before holders were named.
        if holderRead { try container.encode(holderRead, forKey: .holderRead) }
        try container.encodeIfPresent(announcedIssuance, forKey: .announcedIssuance)
    }
}
