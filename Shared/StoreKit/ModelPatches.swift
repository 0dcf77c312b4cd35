import FolioModel

/// The JSON Patches between a store's last few model versions: what a client that holds one of those versions
/// is sent instead of the whole model (`store.next` with `delta`). A few are kept, not one per client: a client
/// further behind gets the whole model.
///
/// A change is recorded as its two models and diffed later (`diffRecorded`): the host diffs them while the
/// change's snapshot is on its way to PostgreSQL, so a dispatch does not wait for the diff.
struct ModelPatches: Sendable {
    /// How many versions back a patch reaches.
    static let kept = 4

    /// The version the newest patch leads to.
    private(set) var newestVersion: Int64
    /// `steps[i]` turns version `newestVersion - steps.count + i` into the next one.
    private var steps: [Step] = []

    private enum Step: Sendable {
        case models(from: JSONValue, to: JSONValue)
        case patch(JSONPatch)

        var diffed: JSONPatch {
            switch self {
            case .models(let from, let to): JSONPatch.diff(from: from, to: to)
            case .patch(let patch): patch
            }
        }
    }

    init(version: Int64) { newestVersion = version }

    /// The model changed from `from` (version `newestVersion`) to `to` (`version`, one more). A change that
    /// skips versions (a store rebuilt from a snapshot) forgets the older patches.
    mutating func record(from: JSONValue, to: JSONValue, version: Int64) {
        if version != newestVersion + 1 { steps.removeAll() }
        steps.append(.models(from: from, to: to))
        if steps.count > Self.kept { steps.removeFirst(steps.count - Self.kept) }
        newestVersion = version
    }

    /// Whether a recorded change waits to be diffed.
    var hasUndiffed: Bool {
        steps.contains { if case .models = $0 { true } else { false } }
    }

    /// Diffs the recorded changes; their models are let go.
    mutating func diffRecorded() {
        for index in steps.indices {
            if case .models = steps[index] { steps[index] = .patch(steps[index].diffed) }
        }
    }

    /// The patch from the model of `base` to that of `version`; empty when they are one; nil when the patches
    /// between them are no longer (or not yet) kept.
    mutating func patch(from base: Int64, to version: Int64) -> JSONPatch? {
        if base == version { return JSONPatch([]) }
        let oldest = newestVersion - Int64(steps.count)
        guard base < version, base >= oldest, version <= newestVersion else { return nil }
        diffRecorded()
        let first = Int(base - oldest)
        let last = Int(version - oldest)
        return JSONPatch(steps[first..<last].flatMap(\.diffed.operations))
    }
}
