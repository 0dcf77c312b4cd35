import CSodium

extension PasswordHash {
    /// Argon2id cost parameters.
    public struct Limits: Sendable, Equatable {
        /// Number of passes over memory (`opslimit`).
        public var opsLimit: UInt64
        /// Memory in bytes (`memlimit`).
        public var memLimit: Int

        /// Custom limits; checked against libsodium's bounds when used.
        public init(opsLimit: UInt64, memLimit: Int) {
            self.opsLimit = opsLimit
            self.memLimit = memLimit
        }

        /// libsodium's interactive preset (2 passes, 64 MiB).
        public static let interactive = Limits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_interactive()),
            memLimit: crypto_pwhash_argon2id_memlimit_interactive())

        /// libsodium's moderate preset (3 passes, 256 MiB).
        public static let moderate = Limits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_moderate()),
            memLimit: crypto_pwhash_argon2id_memlimit_moderate())

        /// libsodium's sensitive preset (4 passes, 1 GiB).
        public static let sensitive = Limits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_sensitive()),
            memLimit: crypto_pwhash_argon2id_memlimit_sensitive())

        /// The cheapest limits libsodium accepts (1 pass, 8 KiB). For tests only: not secure.
        public static let test = Limits(
            opsLimit: UInt64(crypto_pwhash_argon2id_opslimit_min()),
            memLimit: crypto_pwhash_argon2id_memlimit_min())

        func validate() throws {
            let opsRange =
                UInt64(
                    crypto_pwhash_argon2id_opslimit_min())...UInt64(crypto_pwhash_argon2id_opslimit_max())
            let memRange = crypto_pwhash_argon2id_memlimit_min()...crypto_pwhash_argon2id_memlimit_max()
            guard opsRange.contains(opsLimit), memRange.contains(memLimit) else {
                throw CryptoError.invalidLimits
            }
        }
    }
}
