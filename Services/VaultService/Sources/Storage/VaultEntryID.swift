import Crypto

/// The local ids of vault entries: `D_` for a record, `F_` for a folder, then 26 base32 characters.
enum VaultEntryID {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// The id a creation keyed `key` gives its entry: the same for every run of that creation, so a write run
    /// again (a store adopted from its snapshot runs its unfinished effects again) finds its entry instead of
    /// making a second one. Keys are a store's idempotency keys, which hold its unguessable store id.
    static func derived(prefix: String, from key: String) -> String {
        // 256 is a multiple of 32: every character is equally likely.
        prefix + String(decoding: SHA256.hash(Array(key.utf8)).prefix(26).map { alphabet[Int($0 % 32)] }, as: UTF8.self)
    }
}
