import CSodium

/// Comparisons whose timing does not depend on where the inputs differ.
public enum ConstantTime {
    /// True when `a` and `b` hold the same bytes (`sodium_memcmp`). Different lengths give false
    /// immediately: only the lengths, never the contents, leak through timing.
    public static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        Sodium.ensureInitialized()
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return sodium_memcmp(a, b, a.count) == 0
    }
}
