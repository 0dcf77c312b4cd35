import ServiceKit

/// When the VaultService gives memory back to the system (``MemoryRelease``): after it read at least
/// `largeRead` entries at once (a whole vault's view, or the bodies a pass pushes). Such a read, and the model
/// answers and snapshots built from it, use several KiB a record that malloc would otherwise keep.
enum VaultMemory {
    static let largeRead = 1_000

    static func read(entries count: Int, release: MemoryRelease = .process) {
        if count >= largeRead { release.afterLargeWork() }
    }
}
