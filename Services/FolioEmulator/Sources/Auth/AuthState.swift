import Crypto
import FolioModel
import FolioWire
import Foundation

/// Everything the authentication routes change, guarded by one lock in ``AuthEmulator``.
struct AuthState: Sendable {
    /// A one-time code the emulator "sent" (test mode only), read through `GET /admin/mailbox`.
    struct Message: Sendable {
        var to: String
        var channel: String
        var code: String
        /// The ceremony that sent it, or the inquiry and verification step.
        var ceremonyId: String?
        var inquiryId: String?
        var stepId: String?
        var sentAt: Date
    }

    /// An authorization code the emulated social provider issued.
    struct SocialCode: Sendable {
        var ceremonyId: String
        var provider: FolioSocialProvider
        var subject: String
        var redirectUri: String
        var expiresAt: Date
        var used = false
    }

    /// A device approval request waiting for the trusted device.
    struct DeviceChallenge: Sendable {
        var ceremonyId: String
        var accountId: String
        var fingerprint: String
        var expiresAt: Date
        var transferAck: String?
    }

    let mode: EmulatorMode
    var credentials: [String: AccountCredentials]
    /// Passkey credential id → account id.
    var passkeyOwners: [String: String]
    var ceremonies: [String: Ceremony] = [:]
    var sessions: [String: SessionRecord] = [:]
    var sessionChanges: [(sequence: Int64, sessionId: String)] = []
    var mailbox: [Message] = []
    /// Social `state` → ceremony id.
    var socialStates: [String: String] = [:]
    var socialCodes: [String: SocialCode] = [:]
    var deviceChallenges: [String: DeviceChallenge] = [:]
    /// Rate-limit windows: the times of recent starts or resends per key.
    var windows: [String: [Date]] = [:]
    private var randomCounter: UInt64 = 0

    init(mode: EmulatorMode, credentials: [String: AccountCredentials]) {
        self.mode = mode
        self.credentials = credentials
        var owners: [String: String] = [:]
        for (accountId, account) in credentials {
            for id in account.passkeyCredentialIds { owners[id] = accountId }
        }
        passkeyOwners = owners
    }

    // MARK: Randomness

    /// Random bytes (1...64); in test mode a keyed BLAKE2b of a counter, so runs repeat.
    mutating func randomBytes(_ count: Int) -> [UInt8] {
        guard mode == .test else { return Random.bytes(count) }
        randomCounter += 1
        let input = (0..<8).map { UInt8(truncatingIfNeeded: randomCounter >> (8 * UInt64($0))) }
        let length = min(max(count, 16), 64)
        let bytes = (try? BLAKE2b.hash(input, key: Self.randomKey, length: length)) ?? input
        return Array(bytes.prefix(count))
    }

    /// A base64url token of `count` random bytes (states, nonces, challenges, codes).
    mutating func token(_ count: Int = 16) -> String {
        Base64URL.encode(randomBytes(count))
    }

    /// `count` random decimal digits.
    mutating func digits(_ count: Int) -> String {
        guard mode == .test else { return String((0..<count).map { _ in Character(String(Random.uniform(10))) }) }
        return String(randomBytes(count).map { Character(String($0 % 10)) })
    }

    /// A recovery code: four groups of four characters without look-alikes (0/O, 1/I).
    mutating func recoveryCode() -> String {
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        let characters = randomBytes(16).map { alphabet[Int($0) % alphabet.count] }
        return stride(from: 0, to: 16, by: 4).map { String(characters[$0..<$0 + 4]) }.joined(separator: "-")
    }

    private static let randomKey = Array("folio-emulator-auth-random-v1".utf8)

    // MARK: Rate limits

    /// Counts an event under `key` unless `max` events already happened within `window` seconds;
    /// then returns the seconds until the oldest one leaves the window. `record: false` only checks.
    mutating func limit(_ key: String, max: Int, window: Int, now: Date, record: Bool) -> Int? {
        var recent = windows[key, default: []].filter { now.timeIntervalSince($0) < Double(window) }
        if recent.count >= max, let oldest = recent.first {
            windows[key] = recent
            let left = oldest.addingTimeInterval(Double(window)).timeIntervalSince(now)
            return Swift.max(1, Int(left.rounded(.up)))
        }
        if record { recent.append(now) }
        windows[key] = recent.isEmpty ? nil : recent
        return nil
    }

    // MARK: Accounts

    /// The credentials of an existing account (empty ones for accounts made without any).
    mutating func credentials(of account: Account) -> AccountCredentials {
        if let existing = credentials[account.id] { return existing }
        let created = AccountCredentials(accountId: account.id, organizationId: account.organizationId)
        credentials[account.id] = created
        return created
    }

    /// The account a sign-in or recovery identifier names in an organization.
    func account(for identifier: AuthIdentifier, organizationId: String, in accounts: AccountDirectory) -> Account? {
        accounts.accounts(organizationId: organizationId).first { account in
            switch identifier {
            case .email(let email): account.email.lowercased() == email.lowercased()
            case .phone(let phone): account.phone == phone
            }
        }
    }
}
