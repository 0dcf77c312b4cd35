import FolioAPI
import FolioModel
import WireModel

/// Why a reception pass runs for an account, and through which runtime's session.
public struct ReceptionTrigger: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A session of the account started (a session change announced it).
        case sessionStarted = "SESSION_STARTED"
        /// A sync pass of the account's vault succeeded.
        case vaultSynced = "VAULT_SYNCED"
        /// An inquiry on `runtimeID` completed and offers `issuanceID`.
        case inquiryOffer = "INQUIRY_OFFER"
        case refresh = "REFRESH"
        case retry = "RETRY"
        /// A timer while something is on its way.
        case timer = "TIMER"
        /// A list store mounted: the owner of the account, if any, tells it that something is on its way. No
        /// pass runs and Folio hears nothing.
        case status = "STATUS"
    }

    public var kind: Kind
    public var accountID: String
    public var runtimeID: String
    public var issuanceID: String?

    public init(_ kind: Kind, accountID: String, runtimeID: String, issuanceID: String? = nil) {
        self.kind = kind
        self.accountID = accountID
        self.runtimeID = runtimeID
        self.issuanceID = issuanceID
    }

    /// How the list stores see it: Refresh, Retry and an offer show Receiving on their runtime at once.
    public var shown: DocumentReceptionChanged.Trigger {
        switch kind {
        case .refresh: .refresh
        case .retry: .retry
        case .inquiryOffer: .inquiryOffer
        case .sessionStarted, .vaultSynced, .timer, .status: .automatic
        }
    }

    /// Of the triggers one pass answers, the one its end is shown for.
    var rank: Int {
        switch kind {
        case .inquiryOffer: 3
        case .retry: 2
        case .refresh: 1
        case .sessionStarted, .vaultSynced, .timer, .status: 0
        }
    }

    /// The params of `documentsinternal.receive`, which hands a trigger to the process that owns the account.
    var json: JSONValue {
        Wire.object([
            "kind": .string(kind.rawValue), "accountId": .string(accountID), "runtimeId": .string(runtimeID),
            "issuanceId": issuanceID.map(JSONValue.string),
        ])
    }

    init(json: JSONValue) throws(WireDecodingError) {
        let object = try WireObject(json, path: "params", fields: ["kind", "accountId", "runtimeId", "issuanceId"])
        guard let kind = Kind(rawValue: try object.string("kind", .identifier)) else {
            throw .wrongType(object.path("kind"), expected: Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        self.init(
            kind, accountID: try object.string("accountId", .identifier),
            runtimeID: try object.string("runtimeId", .identifier),
            issuanceID: try object.optionalString("issuanceId", .identifier))
    }
}
