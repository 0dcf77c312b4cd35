import FolioModel

extension VaultState {
    /// Creates each input in order as ``create(_:_:)`` does; answers `{"results": [...]}` with, per input,
    /// `{"status": 201, "record": ..., "error": null}` or `{"status": 409, "record": null, "error": {...}}`.
    /// A refused item does not undo the others (a second item with an earlier item's `clientId` gets
    /// RECORD_EXISTS with that item's record).
    mutating func createEach(_ inputs: [VaultRecordInput], _ env: VaultEnvironment) -> JSONValue {
        var results: [JSONValue] = []
        results.reserveCapacity(inputs.count)
        for input in inputs {
            do throws(VaultFailure) {
                let record = try create(input, env)
                results.append(["status": 201, "record": record, "error": .null])
            } catch {
                results.append(["status": .int(Int64(error.status)), "record": .null, "error": error.errorObject])
            }
        }
        return ["results": .array(results)]
    }
}
