import FolioModel
import FolioWire
import Foundation

/// What the emulator keeps about an issuance (`GET /admin/issuances/{issuanceId}`): the issuance as its
/// holder reads it, every read of the holder and the delivery confirmations.
public struct FolioEmulatorIssuance: Codable, Sendable, Equatable {
    /// One read of `GET /v1/issuances/{issuanceId}` by the holder.
    public struct Request: Codable, Sendable, Equatable {
        /// The emulator clock's time of the read.
        public var at: Date
        /// 200, or 429 for a read before the interval passed (SLOW_DOWN).
        public var status: Int
    }

    public var issuance: FolioIssuance
    /// Every read, oldest first.
    public var requests: [Request]
    /// How many delivery confirmations ran (a replay of an Idempotency-Key does not run).
    public var confirmations: Int
    /// When the admin revoked the issued document.
    public var revokedAt: Date?
}

/// A delivery receipt (`GET /admin/issuances/receipts`): an issuance whose holder confirmed the delivery.
public struct FolioEmulatorDeliveryReceipt: Codable, Sendable, Equatable {
    public var issuanceId: String
    /// The first confirmation.
    public var deliveredAt: Date
    /// How many confirmations ran.
    public var confirmations: Int
}

extension FolioEmulatorAdmin {
    /// `GET /admin/issuances`: every issuance, sorted by id.
    public func issuances() async throws(EmulatorError) -> [FolioEmulatorIssuance] {
        try wire(await call("GET", "/admin/issuances")["items"] ?? .array([]), as: [FolioEmulatorIssuance].self)
    }

    /// `GET /admin/issuances/{issuanceId}` (not counted as a read of the holder).
    public func issuance(id: String) async throws(EmulatorError) -> FolioEmulatorIssuance {
        try wire(await call("GET", Self.issuancePath(id)), as: FolioEmulatorIssuance.self)
    }

    /// The reads of an issuance by its holder, with their emulator-clock times.
    public func issuanceRequests(id: String) async throws(EmulatorError) -> [FolioEmulatorIssuance.Request] {
        try await issuance(id: id).requests
    }

    /// `POST /admin/issuances/{issuanceId}/decide` with `ISSUE`: the document goes into the holder's vault and the
    /// invite is sent. `values` fill TEXT and DATE fields by key; dates are `YYYY-MM-DD`.
    @discardableResult
    public func issueDocument(
        issuanceId: String, values: [String: String] = [:], title: String? = nil, titles: [String: String] = [:],
        validFrom: String? = nil, validUntil: String? = nil, isTest: Bool = false, interval: Int? = nil
    ) async throws(EmulatorError) -> FolioEmulatorIssuance {
        var body: JSONObject = [
            "decision": "ISSUE", "values": .object(values.mapValues { .string($0) }),
            "titles": .object(titles.mapValues { .string($0) }), "isTest": .bool(isTest),
        ]
        if let title { body["title"] = .string(title) }
        if let validFrom { body["validFrom"] = .string(validFrom) }
        if let validUntil { body["validUntil"] = .string(validUntil) }
        if let interval { body["interval"] = .int(Int64(interval)) }
        return try wire(
            await call("POST", Self.issuancePath(issuanceId) + "/decide", body: .object(body)),
            as: FolioEmulatorIssuance.self)
    }

    /// `POST /admin/issuances/{issuanceId}/decide` with `DECLINE`.
    @discardableResult
    public func declineIssuance(id: String, reason: String) async throws(EmulatorError) -> FolioEmulatorIssuance {
        try wire(
            await call(
                "POST", Self.issuancePath(id) + "/decide", body: ["decision": "DECLINE", "reason": .string(reason)]),
            as: FolioEmulatorIssuance.self)
    }

    /// `POST /admin/issuances/{issuanceId}/fail`: with `retry` the issuer may still decide it later.
    @discardableResult
    public func failIssuance(id: String, reason: String, retry: Bool, interval: Int? = nil)
        async throws(EmulatorError) -> FolioEmulatorIssuance
    {
        var body: JSONObject = ["reason": .string(reason), "retry": .bool(retry)]
        if let interval { body["interval"] = .int(Int64(interval)) }
        return try wire(
            await call("POST", Self.issuancePath(id) + "/fail", body: .object(body)), as: FolioEmulatorIssuance.self)
    }

    /// `POST /admin/issuances/{issuanceId}/revoke`: revokes the issued document; the holder's record shows
    /// `revokedAt`.
    @discardableResult
    public func revokeIssuedDocument(issuanceId: String) async throws(EmulatorError) -> FolioEmulatorIssuance {
        try wire(await call("POST", Self.issuancePath(issuanceId) + "/revoke"), as: FolioEmulatorIssuance.self)
    }

    /// `GET /admin/issuances/receipts`: the confirmed deliveries, by issuance id.
    public func deliveryReceipts() async throws(EmulatorError) -> [FolioEmulatorDeliveryReceipt] {
        try wire(
            await call("GET", "/admin/issuances/receipts")["items"] ?? .array([]),
            as: [FolioEmulatorDeliveryReceipt].self)
    }

    /// `POST /admin/issuances/auto-decide`: issue every DECIDING issuance once it is `seconds` old; nil turns the
    /// mode off.
    public func setAutoIssue(afterSeconds seconds: Double?) async throws(EmulatorError) {
        _ = try await call(
            "POST", "/admin/issuances/auto-decide", body: ["issueAfterSeconds": seconds.map { .double($0) } ?? .null])
    }

    private func wire<T: Decodable>(_ value: JSONValue, as type: T.Type) throws(EmulatorError) -> T {
        do {
            return try FolioWireJSON.decode(T.self, from: value)
        } catch {
            throw .adminRequestFailed("unexpected answer \(value): \(error)")
        }
    }

    private static func issuancePath(_ id: String) -> String {
        "/admin/issuances/\(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id)"
    }
}
