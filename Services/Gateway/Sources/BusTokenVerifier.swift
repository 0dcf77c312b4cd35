import Bus
import FolioAPI
import FolioModel

/// Asks the AuthService over the bus (`runtime.verifyToken` on `folio.auth.rpc`).
public struct BusTokenVerifier: TokenVerifier {
    public let client: BusClient
    public let timeout: Duration?

    /// Verifies with `client`; `timeout` nil uses the client's.
    public init(client: BusClient, timeout: Duration? = nil) {
        self.client = client
        self.timeout = timeout
    }

    public func verify(_ token: String) async throws -> RuntimeIdentity? {
        let method = RuntimeMethods.verifyToken.name
        let result = try await client.call(BusSubjects.rpc("auth"), method, ["token": .string(token)], timeout: timeout)
        if result.isNull { return nil }
        guard let identity = RuntimeIdentity(json: result) else {
            throw GatewayError.malformedReply(method, "expected a RuntimeIdentity or null")
        }
        return identity
    }
}
