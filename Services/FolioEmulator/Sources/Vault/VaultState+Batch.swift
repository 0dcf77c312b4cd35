import FolioModel

extension VaultState {
    /// Creates each input in order as ``create(_:_:)`` does; answers `{"results": [...]}` with, per input,
    /// `{"status": 201, "record": ..., "error": null}` or `{"status": 409, "record": null, "error": {...}}`.
    /// A refused item does not undo the others (a second item with an earlier item's `clientId` gets
    /// RECORD_EXISTS with that item's record). With `minimal` (`Prefer: return=minimal`) a created record is
    /// answered without its `ciphertext` and `wrappedKey`; a refusal's `current` stays whole.
    mutating func createEach(_ inputs: [VaultRecordInput], _ env: VaultEnvironment, minimal: Bool = false)
        -> JSONValue
    {
        var results: [JSONValue] = []
        results.reserveCapacity(inputs.count)
        for input in inputs {
            do throws(VaultFailure) {
                let record = try create(input, env)
                results.append(["status": 201, "record": minimal ? Self.withoutBody(record) : record, "error": .null])
            } catch {
                results.append(["status": .int(Int64(error.status)), "record": .null, "error": error.errorObject])
            }
        }
        return ["results": .array(results)]
    }

    /// A record's view without the members that carry its body.
    private static func withoutBody(_ record: JSONValue) -> JSONValue {
        guard var members = record.objectValue else { return record }
        _ = members.removeValue(forKey: "ciphertext")
        _ = members.removeValue(forKey: "wrappedKey")
        return .object(members)
    }
}
