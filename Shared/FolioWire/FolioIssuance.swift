import Foundation

/// Where an issuance stands (docs/folio-api.md, "Issued documents"): the issuer decides, then the document is
/// issued, or the issuer declines, or the issuance fails.
public enum FolioIssuanceState: String, FolioWireEnum, CaseIterable {
    /// The issuer has not decided yet: ask again after ``FolioIssuance/interval`` seconds.
    case deciding = "DECIDING"
    /// The document is in a record shared with the holder by the invite ``FolioIssuance/inviteId``.
    case issued = "ISSUED"
    /// The issuer refused to issue the document; ``FolioIssuance/reason`` says why.
    case declined = "DECLINED"
    /// The issuer could not issue the document; with ``FolioIssuance/retryable`` it may still do so.
    case failed = "FAILED"
}

/// The organization that issues a document, as an issuance names it.
public struct FolioIssuer: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The Ed25519 key the issuer signs its invites with: check an issued invite with
    /// `FolioVaultShare.hasValidSignature(ownerSignPublicKey:)`.
    public var signPublicKey: FolioBytes

    /// Creates an issuer.
    public init(id: String, name: String, signPublicKey: FolioBytes) {
        self.id = id
        self.name = name
        self.signPublicKey = signPublicKey
    }
}

/// A document an issuer offers to the person who completed an inquiry (`GET /v1/issuances/{issuanceId}`).
public struct FolioIssuance: Codable, Sendable, Equatable {
    public var id: String
    public var state: FolioIssuanceState
    /// The floor in seconds between two reads of this issuance; an earlier read gets 429 `SLOW_DOWN`.
    public var interval: Int
    public var organizationId: String
    /// The completed inquiry that offered the issuance.
    public var inquiryId: String
    /// The account the document is for; nil for a guest.
    public var accountId: String?
    /// The guest the document is for (guest vault); nil for an account.
    public var guestId: String?
    public var issuer: FolioIssuer
    /// The document template the issuer fills in.
    public var documentTemplateId: String
    /// ISSUED: the invite addressed to the holder, which carries this issuance's id.
    public var inviteId: String?
    /// ISSUED: the record of the schema `digital` the invite shares.
    public var recordId: String?
    /// DECLINED or FAILED: why, for people and logs.
    public var reason: String?
    /// FAILED: true when the issuer may still issue (ask again after ``interval``), false when it will not.
    public var retryable: Bool
    public var createdAt: Date
    /// When the issuer issued, declined or failed it last.
    public var decidedAt: Date?
    /// When the holder first confirmed the delivery (`POST /v1/issuances/{issuanceId}/delivery`).
    public var deliveredAt: Date?

    /// Creates an issuance.
    public init(
        id: String, state: FolioIssuanceState, interval: Int, organizationId: String, inquiryId: String,
        accountId: String?, guestId: String?, issuer: FolioIssuer, documentTemplateId: String, inviteId: String?,
        recordId: String?, reason: String?, retryable: Bool, createdAt: Date, decidedAt: Date?, deliveredAt: Date?
    ) {
        self.id = id
        self.state = state
        self.interval = interval
        self.organizationId = organizationId
        self.inquiryId = inquiryId
        self.accountId = accountId
        self.guestId = guestId
        self.issuer = issuer
        self.documentTemplateId = documentTemplateId
        self.inviteId = inviteId
        self.recordId = recordId
        self.reason = reason
        self.retryable = retryable
        self.createdAt = createdAt
        self.decidedAt = decidedAt
        self.deliveredAt = deliveredAt
    }
}
