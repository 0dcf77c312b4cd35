import FolioClient
import FolioWire

/// What a reception pass asks Folio, as the holder (the account of a signed-in session, or the guest): the
/// issuances, the pending issued invites and the delivery confirmations.
public struct ReceptionFolio: Sendable {
    public var issuance: @Sendable (_ id: String) async throws -> FolioIssuance
    /// Every pending invite of the holder that carries an issued document, across pages.
    public var pendingIssuedInvites: @Sendable () async throws -> [FolioVaultShare]
    public var confirmDelivery: @Sendable (_ issuanceID: String, _ idempotencyKey: String) async throws -> Void

    public init(
        issuance: @escaping @Sendable (String) async throws -> FolioIssuance,
        pendingIssuedInvites: @escaping @Sendable () async throws -> [FolioVaultShare],
        confirmDelivery: @escaping @Sendable (String, String) async throws -> Void
    ) {
        self.issuance = issuance
        self.pendingIssuedInvites = pendingIssuedInvites
        self.confirmDelivery = confirmDelivery
    }

    /// Folio through `client`, the holder's vault client.
    public static func live(_ client: FolioVaultClient) -> ReceptionFolio {
        ReceptionFolio(
            issuance: { id in try await client.issuance(id: id) },
            pendingIssuedInvites: {
                var invites: [FolioVaultShare] = []
                var cursor: String?
                repeat {
                    let page = try await client.pendingIssuedInvites(cursor: cursor, limit: 100)
                    invites += page.items
                    cursor = page.nextCursor
                } while cursor != nil && invites.count < 1000
                return invites
            },
            confirmDelivery: { id, key in _ = try await client.confirmDelivery(issuanceId: id, idempotencyKey: key) })
    }
}
