extension JSONPatch {
    /// A patch that turns `source` into `target`: members added, removed and changed one by one, arrays by the
    /// elements between their common beginning and end. Applying it to `source` gives `target` exactly.
    public static func diff(from source: JSONValue, to target: JSONValue) -> JSONPatch {
        var operations: [Operation] = []
        diff(source, target, at: JSONPointer(tokens: []), into: &operations)
        return JSONPatch(operations)
    }

    private static func diff(
        _ source: JSONValue, _ target: JSONValue, at path: JSONPointer, into operations: inout [Operation]
    ) {
        switch (source, target) {
        case (.object(let old), .object(let new)):
            // A JSONObject's members come sorted by name: the operations go in that order.
            for key in old.keys where new[key] == nil { operations.append(.remove(path.appending(key))) }
            for (key, value) in new {
                if let before = old[key] {
                    diff(before, value, at: path.appending(key), into: &operations)
                } else {
                    operations.append(.add(path.appending(key), value))
                }
            }
        case (.array(let old), .array(let new)):
            diffArrays(old, new, at: path, into: &operations)
        default:
            // Exactly equal only: `1` and `1.0` are the same JSON, but not the same wire text.
            if source != target { operations.append(.replace(path, target)) }
        }
    }

    /// The common beginning and end stay; in between, elements are changed pairwise, then the extra old ones
    /// removed (from the last) or the extra new ones added.
    private static func diffArrays(
        _ old: [JSONValue], _ new: [JSONValue], at path: JSONPointer, into operations: inout [Operation]
    ) {
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var oldEnd = old.count
        var newEnd = new.count
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        let paired = min(oldEnd - start, newEnd - start)
        for offset in 0..<paired {
            let index = start + offset
            diff(old[index], new[index], at: path.appending(String(index)), into: &operations)
        }
        let firstUnpaired = start + paired
        if oldEnd > firstUnpaired {
            for index in stride(from: oldEnd - 1, through: firstUnpaired, by: -1) {
                operations.append(.remove(path.appending(String(index))))
            }
        }
        for index in firstUnpaired..<max(newEnd, firstUnpaired) {
            operations.append(.add(path.appending(String(index)), new[index]))
        }
    }
}
