extension FolioClient {
    /// Walks a list from `cursor` (nil: the start) to the end and returns every item in order.
    ///
    /// ```swift
    /// let all = try await client.paginate { cursor throws(FolioClientError) in
    ///   try await client.organizations(cursor: cursor, limit: 100)
    /// }
    /// ```
    /// A cursor that comes back twice is a ``FolioClientError/malformedResponse`` (it would loop forever).
    public func paginate<Item: Sendable>(
        from cursor: String? = nil,
        _ fetchPage: (_ cursor: String?) async throws(FolioClientError) -> FolioPage<Item>
    ) async throws(FolioClientError) -> [Item] {
        var items: [Item] = []
        var next = cursor
        var seen: Set<String> = []
        repeat {
            let page = try await fetchPage(next)
            items.append(contentsOf: page.items)
            next = page.nextCursor
            if let next, !seen.insert(next).inserted {
                throw .malformedResponse("cursor \(next) came back twice")
            }
        } while next != nil
        return items
    }
}
