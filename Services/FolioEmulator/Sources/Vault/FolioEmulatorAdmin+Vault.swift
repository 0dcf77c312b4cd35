import Crypto
import FolioModel
import Foundation

/// The counts of what the emulator keeps for one account's vault (`GET /admin/vault/accounts/{id}`).
public struct FolioEmulatorVaultAccount: Codable, Sendable, Equatable {
    public var accountId: String
    /// Records of kind RECORD that are not purged.
    public var records: Int
    /// Folders that are not purged.
    public var folders: Int
    /// Tombstones of purged records and folders.
    public var purged: Int
    /// Decoded bytes of the stored ciphertext.
    public var ciphertextBytes: Int
    public var attachments: Int
    public var attachmentBytes: Int
    public var sharesSent: Int
    public var sharesReceived: Int
    /// The last sequence of the account's change feed.
    public var feedSequence: Int
    /// Whether the account published vault keys.
    public var hasKeys: Bool
}

extension FolioEmulatorAdmin {
    /// `GET /admin/vault/records/{recordId}`: everything the emulator keeps about a record.
    public func storedVaultRecord(id: String) async throws(EmulatorError) -> JSONValue {
        try await call("GET", "/admin/vault/records/\(Self.vaultSegment(id))")
    }

    /// `POST /admin/vault/records/{recordId}/write`: changes the record as a second writer (another device of
    /// its owner) and raises its revision; returns the stored record. `state` is `ACTIVE` or `DELETED`.
    @discardableResult
    public func writeVaultRecord(
        id: String, ciphertext: [UInt8]? = nil, schema: String? = nil, version: Int64? = nil, state: String? = nil
    ) async throws(EmulatorError) -> JSONValue {
        var body: JSONObject = [:]
        if let ciphertext { body["ciphertext"] = .string(Base64URL.encode(ciphertext)) }
        if let schema { body["schema"] = .string(schema) }
        if let version { body["version"] = .int(version) }
        if let state { body["state"] = ["type": .string(state)] }
        return try await call("POST", "/admin/vault/records/\(Self.vaultSegment(id))/write", body: .object(body))
    }

    /// `GET /admin/vault/accounts/{accountId}`: what the emulator keeps for an account's vault.
    public func vaultAccount(id: String) async throws(EmulatorError) -> FolioEmulatorVaultAccount {
        try decode(
            await call("GET", "/admin/vault/accounts/\(Self.vaultSegment(id))"), as: FolioEmulatorVaultAccount.self)
    }

    /// `POST /admin/vault/ingest` with `generate`: `count` records of filler ciphertext in one call; returns
    /// their ids in creation order.
    public func ingestVaultRecords(
        accountId: String, count: Int, schema: String, version: Int64 = 1, ciphertextBytes: Int
    ) async throws(EmulatorError) -> [String] {
        try await ingest([
            "accountId": .string(accountId),
            "generate": [
                "count": .int(Int64(count)), "schema": .string(schema), "version": .int(version),
                "ciphertextBytes": .int(Int64(ciphertextBytes)),
            ],
        ])
    }

    /// `POST /admin/vault/ingest` with `records`: each `{"schema", "version", "ciphertext", "kind"?,
    /// "clientId"?}`; returns their ids in order.
    public func ingestVaultRecords(accountId: String, records: [JSONValue]) async throws(EmulatorError) -> [String] {
        try await ingest(["accountId": .string(accountId), "records": .array(records)])
    }

    private func ingest(_ body: JSONValue) async throws(EmulatorError) -> [String] {
        let answer = try await call("POST", "/admin/vault/ingest", body: body)
        return (answer["ids"]?.arrayValue ?? []).compactMap(\.stringValue)
    }

    private static func vaultSegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id
    }
}
