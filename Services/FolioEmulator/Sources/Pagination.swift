import Crypto
import FolioModel

/// Cursor paging for list routes: `?cursor=&limit=` in, `{"items": [...], "nextCursor": ...}` out.
///
/// Lists are ordered by a unique string key (the id). The cursor is opaque to clients; it encodes the
/// last key of the previous page, so records added or removed between calls never make a page repeat
/// or skip the others.
enum Pagination {
    static let defaultLimit = 50
    static let maximumLimit = 100

    /// One page of `items` (already sorted by `key`, ascending) for the request's cursor and limit.
    static func page<Item>(
        _ items: [Item], key: (Item) -> String, request: EmulatorRequest
    ) throws(APIError) -> (items: [Item], nextCursor: String?) {
        let limit = try request.queryInt("limit", default: defaultLimit, range: 1...maximumLimit)
        var remaining = items[...]
        if let cursor = request.http.query["cursor"], !cursor.isEmpty {
            let after = try decodeCursor(cursor)
            remaining = remaining.drop(while: { key($0) <= after })
        }
        let page = Array(remaining.prefix(limit))
        let more = remaining.count > limit
        return (page, more ? page.last.map { encodeCursor(after: key($0)) } : nil)
    }

    /// The standard list body.
    static func body(items: [JSONValue], nextCursor: String?) -> JSONValue {
        ["items": .array(items), "nextCursor": nextCursor.map { .string($0) } ?? .null]
    }

    static func encodeCursor(after key: String) -> String {
        Base64URL.encode((["after": .string(key)] as JSONValue).serialized())
    }

    static func decodeCursor(_ cursor: String) throws(APIError) -> String {
        guard let bytes = try? Base64URL.decode(cursor),
            let value = try? JSONParser.parse(bytes),
            let after = value["after"]?.stringValue
        else {
            throw APIError(status: 400, code: "INVALID_CURSOR", message: "cursor is not valid")
        }
        return after
    }
}
