extension JSONPatch {
    /// The whole `{version, model}` that an answer of `store.state` or `store.next` stands for, as a client that
    /// holds `held` (the whole `{version, model}` it had, nil for none) reads it: a whole answer (or `null`) is
    /// itself, a `ModelDelta` `{version, baseVersion, patch}` is its patch applied to the model held. A delta from
    /// another version than the one held, or one that does not apply, throws.
    public static func wholeModel(of answer: JSONValue, holding held: JSONValue?) throws(JSONPatchError) -> JSONValue {
        guard let patch = answer["patch"] else { return answer }
        let base = answer["baseVersion"]?.intValue
        guard let held, let model = held["model"], let heldVersion = held["version"]?.intValue, base == heldVersion
        else {
            let holding = held?["version"]?.intValue.map(String.init) ?? "none"
            let from = base.map(String.init) ?? "?"
            throw JSONPatchError(operation: nil, "a delta from version \(from), but the version held is \(holding)")
        }
        return ["version": answer["version"] ?? .null, "model": try JSONPatch(json: patch).apply(to: model)]
    }
}
