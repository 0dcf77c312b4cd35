/// The reception shown by a runtime's list stores (spec `folio-documents.md`, "Reception"), as a value: what
/// happened goes in, the reception to show comes out. No I/O; the texts come from `ReceptionTexts`.
public struct ReceptionState: Sendable, Hashable, Codable {
    /// What a pass ended with.
    public enum PassOutcome: Sendable, Hashable, Codable {
        /// Nothing is on its way.
        case nothingPending
        /// A document is still on its way (the issuer decides, or the document travels).
        case onItsWay
        /// The pass could not reach Folio or the vault.
        case failed
        /// The issuer declined the issuance, or could not issue it.
        case notIssued(declined: Bool)
        /// The document an inquiry on this runtime issued is in the vault.
        case receivedFromInquiry(id: String)
    }

    /// Why a pass runs.
    public enum Trigger: Sendable, Hashable, Codable {
        case refresh
        case retry
        /// An inquiry on this runtime completed and offers an issuance.
        case inquiryOffer
        /// Session start, vault sync, the timers: it shows nothing until it ends.
        case automatic
    }

    /// What the last pass showed: Idle, Receiving, Failed or NotIssued.
    private var pass: Shown = .idle
    /// The document a completed inquiry issued, shown until it is acknowledged.
    private var received: String?
    private var declined = true

    private enum Shown: Sendable, Hashable, Codable {
        case idle, receiving, failed, notIssued
    }

    public init() {}

    /// A pass starts. Refresh and Retry set Receiving at once, even when nothing is on its way, and so does an
    /// inquiry that offers an issuance (which also clears NotIssued and Received).
    public mutating func passStarted(_ trigger: Trigger) {
        switch trigger {
        case .refresh, .retry:
            pass = .receiving
        case .inquiryOffer:
            pass = .receiving
            received = nil
        case .automatic:
            break
        }
    }

    /// A pass ended. NotIssued stays through automatic passes until a Refresh, a Retry, an inquiry offer or a
    /// change of the session; Received stays through passes until it is acknowledged.
    public mutating func passEnded(_ outcome: PassOutcome, trigger: Trigger) {
        if pass == .notIssued, trigger == .automatic {
            if case .receivedFromInquiry(let id) = outcome { received = id }
            return
        }
        switch outcome {
        case .nothingPending:
            pass = .idle
        case .onItsWay:
            pass = .receiving
        case .failed:
            pass = .failed
        case .notIssued(let declined):
            pass = .notIssued
            self.declined = declined
        case .receivedFromInquiry(let id):
            received = id
            pass = .idle
        }
    }

    /// A pass ended as the bus tells one runtime (`DocumentReceptionChanged`): what it says of the issuances an
    /// inquiry on this runtime offered (not issued, received) counts before its general outcome; a received
    /// document shows once no Receiving or Failed of the same pass shows over it.
    public mutating func passEnded(
        _ outcome: PassOutcome, notIssued declined: Bool?, received id: String?, trigger: Trigger
    ) {
        passEnded(declined.map { .notIssued(declined: $0) } ?? outcome, trigger: trigger)
        if let id { received = id }
    }

    /// Acknowledge: the received document is no longer shown, and the reception goes back to what the passes
    /// showed under it (Idle, unless another issuance was not issued meanwhile).
    public mutating func acknowledged() {
        received = nil
    }

    /// A change of the session clears everything the previous identity's reception showed.
    public mutating func sessionChanged() {
        self = ReceptionState()
    }

    /// What to show: Receiving and Failed of a pass show over Received; NotIssued does not.
    public func shown(_ texts: ReceptionTexts) -> FolioDocumentReception {
        switch pass {
        case .receiving: return .receiving
        case .failed: return .failed(text: texts.failed, retry: texts.retry)
        case .idle, .notIssued:
            if let received { return .received(id: received) }
            if pass == .notIssued { return .notIssued(text: declined ? texts.declined : texts.couldNotIssue) }
            return .idle
        }
    }
}

/// The reception's texts in the SDK language (English for any language without a translation).
public struct ReceptionTexts: Sendable, Hashable {
    public var failed: String
    public var retry: String
    public var declined: String
    public var couldNotIssue: String

    public static func forLanguage(_ language: String) -> ReceptionTexts {
        switch language {
        case "de":
            ReceptionTexts(
                failed: "Das Dokument konnte nicht empfangen werden", retry: "Erneut versuchen",
                declined: "Der Aussteller hat die Ausstellung des Dokuments abgelehnt",
                couldNotIssue: "Der Aussteller konnte das Dokument nicht ausstellen")
        default:
            ReceptionTexts(
                failed: "Couldn\u{2019}t receive the document", retry: "Retry",
                declined: "The issuer declined to issue the document",
                couldNotIssue: "The issuer couldn\u{2019}t issue the document")
        }
    }
}
