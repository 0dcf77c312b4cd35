import CSodium

/// Process-wide libsodium setup.
public enum Sodium {
    // Swift runs a static `let` initializer exactly once, under a lock, the first time it is read.
    private static let initResult: Int32 = sodium_init()

    /// Calls `sodium_init` once per process; safe to call from any thread, any number of times.
    ///
    /// Every public entry point of this module calls it, so callers never need to.
    public static func ensureInitialized() {
        // 0 = initialized now, 1 = already initialized. -1 means the OS gave libsodium no
        // entropy source; no key or nonce could be trusted after that, so stop here.
        precondition(initResult >= 0, "sodium_init failed: no usable random source")
    }
}
