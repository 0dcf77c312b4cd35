import Crypto
import Foundation

/// Derives what Folio verifies instead of a password or recovery code, so neither leaves the device as
/// entered: `base64url(Argon2id(normalized secret, salt, opsLimit, memLimit, length))` with the phase's
/// ``FolioKeyDerivation``. Argon2id runs on Crypto's own queue, not the cooperative pool.
public enum FolioAuthProof {
    /// The proof of a password (PASSWORD, NEW_PASSWORD): its Unicode NFC form, UTF-8.
    public static func password(_ password: String, derivation: FolioKeyDerivation) async throws -> String {
        try await derive(normalizedPassword(password), derivation)
    }

    /// The proof of a recovery code (RECOVERY_CODE): upper case, spaces and dashes removed.
    public static func recoveryCode(_ code: String, derivation: FolioKeyDerivation) async throws -> String {
        try await derive(normalizedRecoveryCode(code), derivation)
    }

    /// The password as derived: Unicode NFC.
    public static func normalizedPassword(_ password: String) -> String {
        password.precomposedStringWithCanonicalMapping
    }

    /// The recovery code as derived: `k7qd 2m9x-...` and `K7QD2M9X...` give the same proof.
    public static func normalizedRecoveryCode(_ code: String) -> String {
        String(code.uppercased().filter { $0 != "-" && !$0.isWhitespace })
    }

    /// Throws `CryptoError` for a salt that is not base64url of `PasswordHash.saltLength` bytes or limits
    /// libsodium refuses.
    private static func derive(_ secret: String, _ derivation: FolioKeyDerivation) async throws -> String {
        let salt = try Base64URL.decode(derivation.salt)
        let proof = try await PasswordHash.derive(
            password: Array(secret.utf8), salt: salt, length: derivation.length, limits: derivation.limits)
        return Base64URL.encode(proof)
    }
}
