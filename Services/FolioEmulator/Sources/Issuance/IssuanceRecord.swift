import FolioModel
import FolioWire
import Foundation

/// Whom an issued document is for: the account of the session that ran the inquiry, or a guest of its
/// organization.
struct IssuanceHolder: Sendable, Equatable {
    var organizationId: String
    var accountId: String?
    var guestId: String?
    /// The account's email; empty for a guest.
    var email: String

    /// The key of the holder's vault (``VaultState/guestKey(organization:guest:)`` for a guest).
    var vaultKey: String {
        accountId ?? VaultState.guestKey(organization: organizationId, guest: guestId ?? "")
    }

    /// The id answers and signatures show: the account id or the guest id.
    var publicId: String { accountId ?? guestId ?? "" }
}

/// One issuance as Folio keeps it: offered when an inquiry completed, decided by the issuer.
struct IssuanceRecord: Sendable {
    /// One read of the issuance by its holder, at the emulator clock's time: 200, or 429 when it came before the
    /// interval passed.
    struct Request: Sendable {
        var at: Date
        var status: Int

        var json: JSONValue { ["at": .string(RFC3339.format(at)), "status": .int(Int64(status))] }
    }

    var id: String
    var organizationId: String
    var inquiryId: String
    var documentTemplateId: String
    var issuerId: String
    var holder: IssuanceHolder
    /// The inquiry's submitted values when it completed: what the fields' `source` keys read.
    var inquiryValues: JSONObject
    /// The template's own auto-issue delay (the admin's mode replaces it).
    var autoIssueAfter: Double?
    var state = FolioIssuanceState.deciding
    var interval: Int
    var reason: String?
    var retryable = false
    var createdAt: Date
    var decidedAt: Date?
    var inviteId: String?
    var recordId: String?
    var deliveredAt: Date?
    /// Delivery confirmations that ran (replays of an Idempotency-Key not counted).
    var confirmations = 0
    var requests: [Request] = []
    /// The last read that was answered: the next one may come `interval` seconds after it.
    var lastAnsweredAt: Date?
    /// When the admin revoked the issued document.
    var revokedAt: Date?

    /// DECIDING, or FAILED with a retry: the issuer may still issue or decline it.
    var isOpen: Bool { state == .deciding || (state == .failed && retryable) }

    func wire(_ issuer: Issuer) -> FolioIssuance {
        FolioIssuance(
            id: id, state: state, interval: interval, organizationId: organizationId, inquiryId: inquiryId,
            accountId: holder.accountId, guestId: holder.guestId, issuer: issuer.wire,
            documentTemplateId: documentTemplateId, inviteId: inviteId, recordId: recordId, reason: reason,
            retryable: retryable, createdAt: createdAt, decidedAt: decidedAt, deliveredAt: deliveredAt)
    }
}

/// Every issuance, under the lock of ``IssuanceEmulator``.
struct IssuanceState: Sendable {
    var issuances: [String: IssuanceRecord] = [:]
    /// The admin's auto-decide mode: issue every DECIDING issuance this many seconds after it was offered.
    var autoIssueAfter: Double?

    /// The issuance of `holderKey`'s vault (404 ISSUANCE_NOT_FOUND for another holder's).
    func record(_ id: String, holder holderKey: String) throws(IssuanceFailure) -> IssuanceRecord {
        guard let record = issuances[id], record.holder.vaultKey == holderKey else { throw .notFound(id) }
        return record
    }

    /// Whether the auto-decide mode (or the template's delay) issues `record` at `now`.
    func autoIssueIsDue(_ record: IssuanceRecord, now: Date) -> Bool {
        guard record.state == .deciding, let after = autoIssueAfter ?? record.autoIssueAfter else { return false }
        return now >= record.createdAt.addingTimeInterval(after)
    }
}
