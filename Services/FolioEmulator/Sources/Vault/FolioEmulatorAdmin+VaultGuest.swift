import Crypto
import FolioModel
import Foundation

/// What the emulator keeps for a guest vault (`GET /admin/vault/guests/{organizationId}/{guestId}`).
public struct FolioEmulatorGuestVault: Codable, Sendable, Equatable {
    public var organizationId: String
    public var guestId: String
    /// Records that are not purged.
    public var records: Int
    /// The last sequence of the guest's change feed.
    public var feedSequence: Int
    /// The box public key the guest published (base64url), or nil before it did.
    public var boxPublicKey: String?
}

extension FolioEmulatorAdmin {
    /// `GET /admin/vault/guests/{organizationId}/{guestId}`.
    public func guestVault(organizationId: String, guestId: String) async throws(EmulatorError)
        -> FolioEmulatorGuestVault
    {
        try decode(
            await call("GET", Self.guestPath(organizationId, guestId)), as: FolioEmulatorGuestVault.self)
    }

    /// `POST /admin/vault/guests/{organizationId}/{guestId}/records` with `payload`: the emulator seals it to
    /// the guest's published box key, as a sender would, and stores only the ciphertext; returns the record as
    /// the guest sees it.
    @discardableResult
    public func deliverGuestVaultRecord(
        organizationId: String, guestId: String, schema: String, version: Int64 = 1, payload: String
    ) async throws(EmulatorError) -> JSONValue {
        try await call(
            "POST", Self.guestPath(organizationId, guestId) + "/records",
            body: ["schema": .string(schema), "version": .int(version), "payload": .string(payload)])
    }

    /// The same with a body sealed by the caller: `wrappedKey` is the record key sealed to the guest's box key.
    @discardableResult
    public func deliverGuestVaultRecord(
        organizationId: String, guestId: String, schema: String, version: Int64 = 1, ciphertext: [UInt8],
        wrappedKey: [UInt8]
    ) async throws(EmulatorError) -> JSONValue {
        try await call(
            "POST", Self.guestPath(organizationId, guestId) + "/records",
            body: [
                "schema": .string(schema), "version": .int(version),
                "ciphertext": .string(Base64URL.encode(ciphertext)),
                "wrappedKey": .string(Base64URL.encode(wrappedKey)),
            ])
    }

    private static func guestPath(_ organizationId: String, _ guestId: String) -> String {
        let segment = { (id: String) in id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id }
        return "/admin/vault/guests/\(segment(organizationId))/\(segment(guestId))"
    }
}
