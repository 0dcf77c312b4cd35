import FolioModel
import FolioWire

extension FolioClient {
    /// The vault calls for the account of an active, signed-in session: each call sends
    /// `Folio-Session-Id: sessionId`.
    public func vault(sessionId: String) -> FolioVaultClient {
        FolioVaultClient(client: self, access: .session(sessionId))
    }

    /// The vault calls for a guest's vault (docs/folio-api.md, "Guest vaults"): no session, each call sends
    /// `Folio-Organization-Id` and `Folio-Guest-Id`. Such a client reads the guest's vault (its change feed and
    /// records) and publishes its keys; every other call is refused with 403 GUEST_READ_ONLY.
    public func vault(organizationId: String, guestId: String) -> FolioVaultClient {
        FolioVaultClient(client: self, access: .guest(organizationId: organizationId, guestId: guestId))
    }
}

/// Whom vault calls act for: a signed-in session's account, or a guest (the transient account of a runtime
/// before sign-in) of an organization.
public enum FolioVaultAccess: Sendable, Hashable {
    case session(String)
    case guest(organizationId: String, guestId: String)

    /// The headers that name the caller.
    var headers: [String: String] {
        switch self {
        case .session(let id): ["Folio-Session-Id": id]
        case .guest(let organization, let guest): ["Folio-Organization-Id": organization, "Folio-Guest-Id": guest]
        }
    }
}

/// The vault API of Folio for one session's account or one guest (docs/folio-api.md, "Vault").
///
/// Every call that changes something takes an `idempotencyKey`: pick one per logical operation and send
/// it again on every retry, so a push repeated after a crash creates nothing twice.
public struct FolioVaultClient: Sendable {
    /// The client the calls go through.
    public let client: FolioClient
    /// Whom the calls act for.
    public let access: FolioVaultAccess

    /// The session whose account the calls act for; nil for guest access.
    public var sessionId: String? {
        if case .session(let id) = access { id } else { nil }
    }

    /// Sends a vault call as this client's caller; an error answer becomes a ``FolioVaultError``.
    func call<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body?, idempotencyKey: String?
    ) async throws(FolioVaultError) -> Response {
        do {
            return try await client.call(
                FolioCall(method, path, encoding: body, headers: access.headers, idempotencyKey: idempotencyKey))
        } catch {
            throw FolioVaultError(error)
        }
    }

    func call<Response: Decodable>(_ method: String, _ path: String, idempotencyKey: String? = nil)
        async throws(FolioVaultError) -> Response
    {
        try await call(method, path, body: JSONValue?.none, idempotencyKey: idempotencyKey)
    }

    static func segment(_ id: String) -> String {
        FolioClient.pathSegment(id)
    }
}
