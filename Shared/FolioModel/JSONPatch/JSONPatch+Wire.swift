extension JSONPatch {
    /// Reads a patch document: an array of operation objects (`op`, `path`, and `value` or `from` as the
    /// operation needs; other members are ignored).
    public init(json: JSONValue) throws(JSONPatchError) {
        guard let items = json.arrayValue else { throw JSONPatchError(operation: nil, "a patch is an array") }
        var operations: [Operation] = []
        for (position, item) in items.enumerated() {
            guard let object = item.objectValue else {
                throw JSONPatchError(operation: position, "an operation is an object")
            }
            func pointer(_ member: String) throws(JSONPatchError) -> JSONPointer {
                guard let text = object[member]?.stringValue else {
                    throw JSONPatchError(operation: position, "\(member) is missing or not a string")
                }
                guard let pointer = JSONPointer(text) else {
                    throw JSONPatchError(operation: position, "\(member) is not a JSON Pointer: \(text)")
                }
                return pointer
            }
            func value() throws(JSONPatchError) -> JSONValue {
                guard let value = object["value"] else { throw JSONPatchError(operation: position, "value is missing") }
                return value
            }
            switch object["op"]?.stringValue {
            case "add": operations.append(.add(try pointer("path"), try value()))
            case "remove": operations.append(.remove(try pointer("path")))
            case "replace": operations.append(.replace(try pointer("path"), try value()))
            case "move": operations.append(.move(from: try pointer("from"), to: try pointer("path")))
            case "copy": operations.append(.copy(from: try pointer("from"), to: try pointer("path")))
            case "test": operations.append(.test(try pointer("path"), try value()))
            default: throw JSONPatchError(operation: position, "op is missing or unknown")
            }
        }
        self.init(operations)
    }

    /// The patch document.
    public var json: JSONValue {
        .array(operations.map(\.json))
    }
}

extension JSONPatch.Operation {
    public var json: JSONValue {
        switch self {
        case .add(let path, let value): ["op": "add", "path": .string(path.description), "value": value]
        case .remove(let path): ["op": "remove", "path": .string(path.description)]
        case .replace(let path, let value): ["op": "replace", "path": .string(path.description), "value": value]
        case .move(let from, let to):
            ["op": "move", "from": .string(from.description), "path": .string(to.description)]
        case .copy(let from, let to):
            ["op": "copy", "from": .string(from.description), "path": .string(to.description)]
        case .test(let path, let value): ["op": "test", "path": .string(path.description), "value": value]
        }
    }
}
