import FolioModel

/// Who a bearer token belongs to.
public struct RuntimeIdentity: Sendable, Hashable, Codable {
    public var runtimeId: String
    public var organizationId: String
    public var deviceId: String
    /// The runtime has shut down: the token is genuine but opens nothing (`store.next` answers null).
    public var shutDown: Bool

    public init(runtimeId: String, organizationId: String, deviceId: String, shutDown: Bool = false) {
        self.runtimeId = runtimeId
        self.organizationId = organizationId
        self.deviceId = deviceId
        self.shutDown = shutDown
    }

    /// Reads the `RuntimeIdentity` wire shape; nil when a field is missing or not a string. `shutDown` is
    /// false when absent.
    public init?(json: JSONValue) {
        guard let runtimeId = json["runtimeId"]?.stringValue, let organizationId = json["organizationId"]?.stringValue,
            let deviceId = json["deviceId"]?.stringValue
        else { return nil }
        let shutDown = json["shutDown"]?.boolValue ?? false
        self.init(runtimeId: runtimeId, organizationId: organizationId, deviceId: deviceId, shutDown: shutDown)
    }

    /// The `RuntimeIdentity` wire shape.
    public var json: JSONValue {
        var members: JSONObject = [
            "runtimeId": .string(runtimeId), "organizationId": .string(organizationId), "deviceId": .string(deviceId),
        ]
        if shutDown { members["shutDown"] = .bool(true) }
        return .object(members)
    }

    enum CodingKeys: String, CodingKey { case runtimeId, organizationId, deviceId, shutDown }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            runtimeId: try container.decode(String.self, forKey: .runtimeId),
            organizationId: try container.decode(String.self, forKey: .organizationId),
            deviceId: try container.decode(String.self, forKey: .deviceId),
            shutDown: try container.decodeIfPresent(Bool.self, forKey: .shutDown) ?? false)
    }
}

/// Tells whether a bearer token is valid and whose it is.
public protocol TokenVerifier: Sendable {
    /// The runtime the token belongs to (``RuntimeIdentity/shutDown`` when it has shut down), or nil for an
    /// unknown, expired or revoked token. Throws when
    /// the answer cannot be had (the AuthService is unreachable).
    func verify(_ token: String) async throws -> RuntimeIdentity?
}
