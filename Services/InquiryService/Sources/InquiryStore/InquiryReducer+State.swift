import FolioModel
import StoreKit
import WireModel

extension InquiryReducer {
    /// Everything the store knows; snapshotted to PostgreSQL before effects leave the process.
    public struct State: Codable, Equatable, Sendable {
        /// The runtime's SDK language: the store's own texts until the inquiry names its language.
        public var sdkLocale: String
        /// The device's time zone (IANA), for "today" of date fields that name none.
        public var deviceTimeZone: String
        public var lifecycle: InquiryLifecycle = .idle
        /// The entry of the last Open; nil before the first Open.
        public var entry: InquiryEntry?
        /// The inquiry being run, once Folio gave access to it.
        public var access: SavedInquiry?
        public var status: InquiryStatus?
        /// The inquiry's language, as Folio last answered.
        public var locale: String?
        /// The step to show, as Folio sent it (links normalized); nil until Open produced the first step.
        public var stage: InquiryStage?
        public var kept: [String: KeptValue] = [:]
        /// Violations the store found in date fields, by field id.
        public var fieldErrors: [String: String] = [:]
        public var loading = false
        public var error: InquiryError?
        public var failure: InquiryFailureView.Reason?
        /// The request ids handed out and the one answer the store waits for; answers to any other are dropped.
        public var requests = RequestLedger<InquiryRequest>()
        public var pendingFolio: FolioInquiryRequest?
        public var retry: RetryTarget?
        /// The id of the failed request Retry sends again: the same id, so Folio gets the same idempotency key
        /// and replays an answer that was lost instead of running the request twice.
        public var retryRequestID: UInt64?
        /// The request id the last Open counted from (nil: 0); Retry before the first step counts from it again,
        /// so the entry's requests carry the same idempotency keys.
        public var openRequestBase: UInt64?
        /// Another device controls the inquiry.
        public var observing = false
        /// The read after a NotController is under way: another NotController does not read again.
        public var readingAsObserver = false
        public var outcome: TerminalOutcome?
        /// The automatic capture of the document side a SCAN shows.
        public var capture: DocumentCaptureSession?
        /// The verified identity, once it is saved.
        public var identity: VerifiedIdentity?
        /// The government id attempts whose identity the store saved or tried to save (`stepId/attempt`).
        public var identitySaves: Set<String> = []
        /// The identity save under way.
        public var pendingSave: IdentitySaveRequest?
        /// Who the launch of this Open named as the inquiry's holder (read from the runtime's session when the
        /// launch code was about to be exchanged); nil when it named none, or when this Open did not launch (a
        /// resume, a code this device had exchanged before): the store then does not know who an issuance is for.
        public var holder: InquiryHolder?
        /// The holder was read for this Open: a Retry before the first step exchanges the code with the same one,
        /// since it goes out again under the same idempotency key, which Folio replays only for the same body.
        public var holderRead = false
        /// The issuance the store announced (IssuanceOffered), so that the envelopes and the result that carry it
        /// again announce nothing.
        public var announcedIssuance: String?

        public init(sdkLocale: String, deviceTimeZone: String) {
            self.sdkLocale = sdkLocale
            self.deviceTimeZone = deviceTimeZone
        }

        /// Open has produced an inquiry: its first step arrived.
        public var hasFirstStep: Bool { stage != nil }

        /// The language of the store's own texts.
        public var textLocale: LocaleTag {
            locale.flatMap(LocaleTag.init) ?? LocaleTag(sdkLocale) ?? .english
        }

        /// Hands out the next request id and waits for its answer instead of the one awaited before.
        mutating func startRequest() -> UInt64 { requests.request(.answer) }

        /// The request whose answer the store waits for: the ledger's one slot.
        public var pendingRequest: UInt64? {
            get { requests.awaited(in: .answer)?.id }
            set {
                guard let newValue else { return requests.abandon(.answer) }
                requests.expect(newValue, for: .answer)
            }
        }

        /// The last request id handed out. Ids count on across Opens of one store, since they make Folio's
        /// idempotency keys.
        public var nextRequestID: UInt64 {
            get { requests.lastIssued }
            set { requests = RequestLedger(lastIssued: newValue, awaited: requests.awaited) }
        }
    }
}

/// What InquiryStore waits for: one answer at a time, so every request supersedes the one before.
public enum InquiryRequest: RequestPurpose {
    case answer

    public var slot: InquiryRequest? { self }
}
