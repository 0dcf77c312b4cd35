import CMalloc

extension MemoryRelease {
    /// Blocks at least this large are mapped on their own and unmapped when freed.
    public static let mapThreshold: Int32 = 256 << 10
    /// An arena gives back the free memory at its top once it exceeds this.
    public static let trimThreshold: Int32 = 1 << 20

    /// Fixes glibc's thresholds for the process. Left dynamic, glibc raises them whenever a mapped block is
    /// freed: after a vault's model of 14 MiB was answered, its trim threshold was 28 MiB, and each arena then
    /// kept that much freed memory at its top for the life of the process, where `malloc_trim` does not reach
    /// (it trims the tops of the main arena only). Fixed, a freed reply is unmapped and an arena's top shrinks
    /// past 1 MiB. False when glibc refused either (`mallopt` answers 0).
    @discardableResult
    public static func fixAllocatorThresholds() -> Bool {
        let mapped = mallopt(M_MMAP_THRESHOLD, mapThreshold) == 1
        let trimmed = mallopt(M_TRIM_THRESHOLD, trimThreshold) == 1
        return mapped && trimmed
    }
}
