import FolioWire
import Crypto
import Foundation

/// What Folio keeps to authenticate one account: verifiers (never passwords), the TOTP secret,
/// passkeys, social links, requirement flags and the two lock counters.
struct AccountCredentials: Sendable {
    struct SocialLink: Sendable, Equatable {
        var provider: FolioSocialProvider
        var subject: String
    }

    var accountId: String
    var organizationId: String
    var passwordSalt: [UInt8]
    var passwordVerifier: [UInt8]?
    var recoverySalt: [UInt8]
    var recoveryVerifier: [UInt8]?
    var totpSecret: [UInt8]?
    var passkeyCredentialIds: [String] = []
    var socialLinks: [SocialLink] = []
    var integratorId: String?
    var requiresTotp = false
    var requiresDeviceApproval = false
    var requiresPasskeyWithPassword = false
    /// First-factor methods in the order offered; nil: derived from what the account has.
    var signInMethods: [FolioAuthMethod]?
    var trustedDeviceIds: [String] = []
    var passwordLock = AttemptCounter()
    var codeLock = AttemptCounter()

    /// Credentials with nothing but salts (accounts made through `POST /v1/accounts`).
    init(accountId: String, organizationId: String) {
        self.accountId = accountId
        self.organizationId = organizationId
        passwordSalt = Self.salt(accountId, "password")
        recoverySalt = Self.salt(accountId, "recovery-code")
    }

    /// The salt of a fixture or test-mode secret: BLAKE2b of the account id and purpose, so runs repeat.
    static func salt(_ accountId: String, _ purpose: String) -> [UInt8] {
        let input = Array("\(accountId)|\(purpose)".utf8)
        return (try? BLAKE2b.hash(input, key: saltKey, length: PasswordHash.saltLength))
            ?? Array(input.prefix(PasswordHash.saltLength))
    }

    /// What Folio stores for a proof: BLAKE2b-256 of it, so a leaked verifier is not a usable proof.
    static func verifier(ofProof proof: [UInt8]) -> [UInt8] {
        // Only fails for out-of-range lengths, which these constants are not; [] never matches.
        (try? BLAKE2b.hash(proof, key: verifierKey, length: 32)) ?? []
    }

    /// True when `proof` matches `verifier` (constant time).
    static func matches(proof: [UInt8], verifier: [UInt8]?) -> Bool {
        guard let verifier, !verifier.isEmpty else { return false }
        return ConstantTime.equals(Self.verifier(ofProof: proof), verifier)
    }

    /// The proof a client derives from a secret: Argon2id of its normalized UTF-8 bytes. Blocking: call
    /// it off the cooperative pool (fixture loading runs on the start thread).
    static func proof(of secret: String, salt: [UInt8], derivation: AuthPolicy.Derivation) throws -> [UInt8] {
        try PasswordHash.derive(
            password: Array(secret.utf8), salt: salt, length: derivation.length, limits: derivation.limits)
    }

    /// A recovery code as the client derives it: upper case, without spaces and dashes.
    static func normalizedRecoveryCode(_ code: String) -> String {
        String(code.uppercased().filter { $0 != "-" && !$0.isWhitespace })
    }

    /// A password as the client derives it: Unicode NFC.
    static func normalizedPassword(_ password: String) -> String {
        password.precomposedStringWithCanonicalMapping
    }

    private static let saltKey = Array("folio-emulator-salt-v1".utf8)
    private static let verifierKey = Array("folio-emulator-verifier-v1".utf8)
}

/// Consecutive wrong answers of one kind, and the lock they lead to.
struct AttemptCounter: Sendable {
    var failures = 0
    var lockedUntil: Date?

    /// The end of the lock in force at `now`, if any.
    func lock(at now: Date) -> Date? {
        guard let lockedUntil, lockedUntil > now else { return nil }
        return lockedUntil
    }

    /// Counts a wrong answer; returns the lock end when this answer locks, else the attempts left.
    mutating func fail(now: Date, max: Int, lockoutSeconds: Int) -> (lockedUntil: Date?, attemptsLeft: Int) {
        if let lockedUntil, lockedUntil <= now { self.lockedUntil = nil }
        failures += 1
        guard failures >= max else { return (nil, max - failures) }
        failures = 0
        let until = now.addingTimeInterval(TimeInterval(lockoutSeconds))
        lockedUntil = until
        return (until, 0)
    }

    mutating func succeed() {
        failures = 0
    }
}
