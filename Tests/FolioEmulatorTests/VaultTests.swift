import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

/// A signed-in account of the fixtures with its vault client and vault key pairs.
struct VaultUser: Sendable {
    let accountId: String
    let email: String
    let sessionId: String
    let vault: FolioVaultClient
    let box: BoxKeyPair
    let signing: Ed25519.PrivateKey
}

/// Helpers for the vault tests: sessions without ceremonies, sealed bodies, typed errors.
class VaultTestCase: EmulatorTestCase {
    /// Two accounts of `org_bluebank` and one of `org_civic` (Services/FolioEmulator/Fixtures).
    static let chen = ("acct_chen", "chen.wei@example.net")
    static let dana = ("acct_dana", "dana@example.org")
    static let emil = ("acct_emil", "emil.larsen@example.dk")

    private var keys = 0

    /// A fresh Idempotency-Key.
    func key() -> String {
        keys += 1
        return "vault-test-\(keys)"
    }

    /// An active session of a fixture account, made by the admin API.
    func user(_ harness: Harness, _ account: (String, String)) async throws -> VaultUser {
        let session = try await harness.admin.createSession(accountId: account.0)
        return VaultUser(
            accountId: account.0, email: account.1, sessionId: session.id,
            vault: harness.client.vault(sessionId: session.id), box: BoxKeyPair.generate(),
            signing: Ed25519.PrivateKey.generate())
    }

    /// Publishes the user's vault keys.
    @discardableResult
    func publishKeys(_ user: VaultUser) async throws -> FolioVaultKeys {
        try await user.vault.publishKeys(
            boxPublicKey: user.box.publicKey, signPublicKey: user.signing.publicKey.bytes, idempotencyKey: key())
    }

    /// A record key and a body sealed with it, as the VaultService seals them.
    static let recordKey = SymmetricKey.random()

    static func seal(_ text: String, recordId: String = "D_local") throws -> [UInt8] {
        try AEAD.seal(Array(text.utf8), additionalData: Array(recordId.utf8), key: recordKey)
    }

    /// Creates a note record with a sealed body.
    func createNote(_ user: VaultUser, _ text: String = "Visa: renew", clientId: String? = nil) async throws
        -> FolioVaultRecord
    {
        try await user.vault.createRecord(
            FolioVaultRecordCreate(
                schema: "note", version: 1, ciphertext: Self.seal(text), wrappedKey: Array(repeating: 7, count: 40),
                clientId: clientId),
            idempotencyKey: key())
    }

    /// Creates a folder with a sealed name.
    func createFolder(_ user: VaultUser, _ name: String = "Travel") async throws -> FolioVaultRecord {
        try await user.vault.createRecord(
            FolioVaultRecordCreate(kind: .folder, schema: "folder", version: 1, ciphertext: Self.seal(name)),
            idempotencyKey: key())
    }

    /// Shares `record` of `owner` with `recipient` (both publish keys first) and returns the pending share.
    func invite(_ owner: VaultUser, _ recipient: VaultUser, _ record: FolioVaultRecord) async throws -> FolioVaultShare
    {
        let recipientKeys = try await owner.vault.keys(accountId: recipient.accountId)
        let invite = try FolioVaultInvite.sealed(
            recordId: record.id, ownerAccountId: owner.accountId, recipient: recipientKeys,
            recordKey: Self.recordKey.bytes, signingKey: owner.signing)
        return try await owner.vault.invite(recordId: record.id, invite, idempotencyKey: key())
    }

    /// The error of an invite from `owner` to `recipient`, failing the test if it succeeds.
    func inviteError(
        _ owner: VaultUser, _ recipient: VaultUser, _ record: FolioVaultRecord, file: StaticString = #filePath,
        line: UInt = #line
    ) async throws -> FolioVaultError? {
        let recipientKeys = try await owner.vault.keys(accountId: recipient.accountId)
        let invite = try FolioVaultInvite.sealed(
            recordId: record.id, ownerAccountId: owner.accountId, recipient: recipientKeys,
            recordKey: Self.recordKey.bytes, signingKey: owner.signing)
        return await vaultError(
            { () async throws(FolioVaultError) in
                try await owner.vault.invite(recordId: record.id, invite, idempotencyKey: self.key())
            }, file: file, line: line)
    }

    /// The error `body` throws, failing the test if it succeeds.
    func vaultError<T>(
        _ body: () async throws(FolioVaultError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) async -> FolioVaultError? {
        do {
            let value = try await body()
            XCTFail("expected a FolioVaultError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}
