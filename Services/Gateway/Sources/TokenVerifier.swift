import FolioModel

/// Who a bearer token belongs to.
public struct RuntimeIdentity: Sendable, Hashable, Codable {
    public var runtimeId: String
    public var organizationId: String
    public var deviceId: String

    public init(runtimeId: String, organizationId: String, deviceId: String) {
        self.runtimeId = runtimeId
        self.organizationId = organizationId
        self.deviceId = deviceId
    }

    /// Reads the `RuntimeIdentity` wire shape; nil when a field is missing or not a string.
    public init?(json: JSONValue) {
        guard let runtimeId = json["runtimeId"]?.stringValue, let organizationId = json["organizationId"]?.stringValue,
            let deviceId = json["deviceId"]?.stringValue
        else { return nil }
        self.init(runtimeId: runtimeId, organizationId: organizationId, deviceId: deviceId)
    }

    /// The `RuntimeIdentity` wire shape.
    public var json: JSONValue {
        ["runtimeId": .string(runtimeId), "organizationId": .string(organizationId), "deviceId": .string(deviceId)]
    }
}

/// Tells whether a bearer token is valid and whose it is.
public protocol TokenVerifier: Sendable {
    /// The runtime the token belongs to, or nil for an unknown, expired or revoked token. Throws when
    /// the answer cannot be had (the AuthService is unreachable).
    func verify(_ token: String) async throws -> RuntimeIdentity?
}
