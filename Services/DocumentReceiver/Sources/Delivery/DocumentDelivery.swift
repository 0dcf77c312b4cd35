import Foundation

/// Delivers one issued invite (docs/documents.md, "Delivery"): claims it in the journal, has the vault accept
/// it into the vault, confirms the delivery to Folio and writes each step, so a process killed at any point
/// leaves a delivery another process finishes, with the same idempotency keys.
public struct DocumentDelivery: Sendable {
    /// How a delivery ended.
    public enum Result: Sendable, Equatable {
        /// The document is in the vault as `recordID` and Folio knows.
        case delivered(recordID: String)
        /// Another process is delivering it now.
        case busy
        /// The session's identity changed (or the runtime shut down): the delivery is left to the identity's
        /// next session, whose pass takes it up again from the journal.
        case abandoned
        /// The vault refused the invite for good: nothing to deliver, ever.
        case refused
    }

    public var journal: DeliveryJournal
    public var receive: @Sendable (_ runtimeID: String, _ accountID: String, _ inviteID: String) async throws -> String

    public init(
        journal: DeliveryJournal,
        receive: @escaping @Sendable (String, String, String) async throws -> String
    ) {
        self.journal = journal
        self.receive = receive
    }

    /// The idempotency key of the delivery confirmation of `inviteID`: the same from every process.
    public static func confirmationKey(inviteID: String) -> String { "documents-delivery-\(inviteID)" }

    /// Delivers `inviteID` of `issuanceID`; a step that fails throws and gives the lease back.
    public func deliver(
        inviteID: String, issuanceID: String, accountID: String, runtimeID: String, folio: ReceptionFolio
    ) async throws -> Result {
        var recordID: String?
        switch try await journal.claim(
            inviteID: inviteID, issuanceID: issuanceID, accountID: accountID, runtimeID: runtimeID)
        {
        case .busy:
            return .busy
        case .ended(let delivered):
            return delivered.map { .delivered(recordID: $0) } ?? .refused
        case .claimed(.confirming, let stored?):
            recordID = stored
        case .claimed:
            break
        }
        do {
            if recordID == nil {
                let received = try await receive(runtimeID, accountID, inviteID)
                try await journal.received(accountID: accountID, inviteID: inviteID, recordID: received)
                recordID = received
            }
            try await folio.confirmDelivery(issuanceID, Self.confirmationKey(inviteID: inviteID))
            try await journal.confirmed(accountID: accountID, inviteID: inviteID)
        } catch DocumentVaultError.identityChanged, DocumentVaultError.runtimeGone {
            try? await journal.abandoned(accountID: accountID, inviteID: inviteID)
            return .abandoned
        } catch DocumentVaultError.refused {
            // The invite cannot be accepted any more (revoked, rejected, unknown): nothing to deliver.
            try? await journal.refused(accountID: accountID, inviteID: inviteID)
            return .refused
        } catch {
            try? await journal.release(accountID: accountID, inviteID: inviteID)
            throw error
        }
        guard let recordID else { return .abandoned }
        return .delivered(recordID: recordID)
    }
}
