import FolioModel

/// The JSON Patches between a store's last few model versions: what a client that holds one of those versions
/// is sent instead of the whole model (`store.next` with `delta`). A few are kept, not one per client: a client
/// further behind gets the whole model.
struct ModelPatches: Sendable {
    /// How many versions back a patch reaches.
    static let kept = 4

    /// The version the newest patch leads to.
    private(set) var newestVersion: Int64
    /// `patches[i]` turns version `newestVersion - patches.count + i` into the next one.
    private var patches: [JSONPatch] = []

    init(version: Int64) { newestVersion = version }

    /// The model changed from version `newestVersion` to `version` (one more) by `patch`. A change that skips
    /// versions (a store rebuilt from a snapshot) forgets the older patches.
    mutating func record(_ patch: JSONPatch, to version: Int64) {
        if version != newestVersion + 1 { patches.removeAll() }
        patches.append(patch)
        if patches.count > Self.kept { patches.removeFirst(patches.count - Self.kept) }
        newestVersion = version
    }

    /// The patch from the model of `base` to that of `version`; empty when they are one; nil when the patches
    /// between them are no longer (or not yet) kept.
    func patch(from base: Int64, to version: Int64) -> JSONPatch? {
        if base == version { return JSONPatch([]) }
        let oldest = newestVersion - Int64(patches.count)
        guard base < version, base >= oldest, version <= newestVersion else { return nil }
        let first = Int(base - oldest)
        let last = Int(version - oldest)
        return JSONPatch(patches[first..<last].flatMap(\.operations))
    }
}
