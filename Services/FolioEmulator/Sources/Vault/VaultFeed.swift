/// One account's change feed: every change appends a key, and only a key's latest entry is live, so a
/// read from any point returns each changed record or share once, with its current value.
struct VaultFeed: Sendable {
    enum Key: Hashable, Sendable {
        case record(String)
        case share(String)
    }

    /// The key changed at sequence `index + 1`.
    private(set) var log: [Key] = []
    private var latest: [Key: Int] = [:]

    /// The sequence of the last change (0 for none).
    var sequence: Int { log.count }

    mutating func append(_ key: Key) {
        log.append(key)
        latest[key] = log.count
    }

    /// True when the change at `sequence` is the latest one of its key.
    func isLive(_ sequence: Int) -> Bool {
        latest[log[sequence - 1]] == sequence
    }
}
