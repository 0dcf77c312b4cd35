import FolioModel

extension VaultState {
    /// One page of the caller's change feed after `sequence`.
    struct FeedPage {
        var items: [JSONValue]
        /// The sequence the next page starts after.
        var last: Int
        var hasMore: Bool
    }

    /// The live changes after `sequence`, at most `limit`, stopping before the page's JSON passes the page
    /// budget; 400 INVALID_CURSOR for a sequence ahead of the feed.
    func changes(_ account: String, after sequence: Int, limit: Int) throws(VaultFailure) -> FeedPage {
        let feed = feeds[account] ?? VaultFeed()
        guard sequence <= feed.sequence else {
            throw VaultFailure(
                status: 400, code: "INVALID_CURSOR", message: "cursor is ahead of this feed; start without one")
        }
        var items: [JSONValue] = []
        var bytes = 0
        var last = sequence
        var next = sequence + 1
        while next <= feed.sequence {
            defer { next += 1 }
            guard feed.isLive(next) else { continue }
            let item: JSONValue = ["sequence": .int(Int64(next)), "change": change(feed.log[next - 1], for: account)]
            let size = item.serialized().count
            if items.count >= limit || (!items.isEmpty && bytes + size > VaultLimits.pageBytes) {
                return FeedPage(items: items, last: last, hasMore: true)
            }
            items.append(item)
            bytes += size
            last = next
        }
        return FeedPage(items: items, last: feed.sequence, hasMore: false)
    }

    /// The latest sequence of the caller's feed.
    func feedSequence(_ account: String) -> Int {
        feeds[account]?.sequence ?? 0
    }

    /// A change as `account` sees it now.
    private func change(_ key: VaultFeed.Key, for account: String) -> JSONValue {
        switch key {
        case .record(let id):
            ["type": "RECORD", "value": records[id].map { view($0, for: account) } ?? .null]
        case .share(let id):
            ["type": "SHARE", "value": shares[id]?.json ?? .null]
        }
    }
}
