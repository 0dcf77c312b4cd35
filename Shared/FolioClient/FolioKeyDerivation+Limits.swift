import Crypto
import FolioWire

extension FolioKeyDerivation {
    /// The Argon2id limits.
    public var limits: PasswordHash.Limits { PasswordHash.Limits(opsLimit: opsLimit, memLimit: memLimit) }
}
