/// How deterministic the emulator is.
public enum EmulatorMode: String, Sendable, CaseIterable {
    /// Fixed clock (moved only through the admin API), reproducible signing keys and ids.
    case test
    /// Wall clock, random signing key unless a seed is given, random ids; the clock cannot be moved.
    case live
}
