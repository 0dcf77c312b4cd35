import CSodium

/// Cryptographically secure random numbers from libsodium.
public enum Random {
    /// Returns `count` random bytes (`randombytes_buf`). A negative count yields an empty array.
    public static func bytes(_ count: Int) -> [UInt8] {
        Sodium.ensureInitialized()
        guard count > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: count)
        randombytes_buf(&out, count)
        return out
    }

    /// Returns a uniformly distributed value in `0..<upperBound` (`randombytes_uniform`);
    /// 0 when `upperBound` is below 2.
    public static func uniform(_ upperBound: UInt32) -> UInt32 {
        Sodium.ensureInitialized()
        return randombytes_uniform(upperBound)
    }
}
