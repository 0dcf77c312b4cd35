import Foundation
import HTTP

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

    struct Empty: Encodable {}

    /// Sends a vault call; an error answer becomes a ``FolioVaultError`` with the body's vault fields.
    func call<Body: Encodable, Response: Decodable>(
        _ method: String, _ path: String, body: Body?, idempotencyKey: String?
    ) async throws(FolioVaultError) -> Response {
        var bytes: [UInt8]?
        if let body {
            do {
                bytes = Array(try FolioJSON.encoder().encode(body))
            } catch {
                throw FolioVaultError(
                    failure: nil, underlying: .malformedResponse("cannot encode the request body: \(error)"))
            }
        }
        var headers = [
            "Authorization": "Bearer \(client.configuration.apiKey)", "Accept": "application/json",
            "User-Agent": "FolioClient",
        ]
        headers.merge(access.headers) { _, caller in caller }
        if bytes != nil { headers["Content-Type"] = "application/json" }
        if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
        let response: HTTPClientResponse
        do {
            response = try await client.transfer(
                HTTPClientRequest(method: method, url: client.baseURL + path, headers: headers, body: bytes))
        } catch {
            throw FolioVaultError(failure: nil, underlying: error)
        }
        guard response.body.count <= client.configuration.maxResponseSize else {
            throw FolioVaultError(
                failure: nil,
                underlying: .malformedResponse(
                    "\(method) \(path): answer larger than \(client.configuration.maxResponseSize) bytes"))
        }
        guard (200..<300).contains(response.status) else {
            throw FolioVaultError(
                failure: Self.failure(response.body), underlying: FolioClient.apiError(response))
        }
        do {
            return try FolioJSON.decoder().decode(Response.self, from: Data(response.body))
        } catch {
            throw FolioVaultError(
                failure: nil, underlying: .malformedResponse("cannot decode \(Response.self): \(error)"))
        }
    }

    func call<Response: Decodable>(_ method: String, _ path: String, idempotencyKey: String? = nil)
        async throws(FolioVaultError) -> Response
    {
        try await call(method, path, body: Empty?.none, idempotencyKey: idempotencyKey)
    }

    static func segment(_ id: String) -> String {
        FolioClient.pathSegment(id)
    }

    private static func failure(_ body: [UInt8]) -> FolioVaultFailure? {
        struct ErrorBody: Decodable {
            var error: FolioVaultFailure
        }
        return try? FolioJSON.decoder().decode(ErrorBody.self, from: Data(body)).error
    }
}
