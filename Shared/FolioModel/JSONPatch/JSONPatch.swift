/// A JSON Patch (RFC 6902): operations applied in order to a document, all or nothing.
public struct JSONPatch: Sendable, Equatable {
    public enum Operation: Sendable, Equatable {
        case add(JSONPointer, JSONValue)
        case remove(JSONPointer)
        case replace(JSONPointer, JSONValue)
        case move(from: JSONPointer, to: JSONPointer)
        case copy(from: JSONPointer, to: JSONPointer)
        case test(JSONPointer, JSONValue)
    }

    public var operations: [Operation]

    public init(_ operations: [Operation]) { self.operations = operations }

    public var isEmpty: Bool { operations.isEmpty }

    /// `document` with every operation applied, or the error of the first one that cannot be.
    public func apply(to document: JSONValue) throws(JSONPatchError) -> JSONValue {
        var document = document
        for (position, operation) in operations.enumerated() {
            do {
                try operation.apply(to: &document)
            } catch {
                throw JSONPatchError(operation: position, error.message)
            }
        }
        return document
    }
}

extension JSONPatch.Operation {
    fileprivate func apply(to document: inout JSONValue) throws(JSONPatchError) {
        switch self {
        case .add(let path, let value):
            try document.insert(value, at: path)
        case .remove(let path):
            _ = try document.remove(at: path)
        case .replace(let path, let value):
            _ = try document.value(at: path)
            try document.set(value, at: path)
        case .move(let from, let to):
            guard from != to else {
                _ = try document.value(at: from)
                return
            }
            guard !from.isPrefix(of: to) else {
                throw JSONPatchError(operation: nil, "\(from) cannot move into itself (\(to))")
            }
            let value = try document.remove(at: from)
            try document.insert(value, at: to)
        case .copy(let from, let to):
            try document.insert(try document.value(at: from), at: to)
        case .test(let path, let expected):
            guard JSONValue.jsonEqual(try document.value(at: path), expected) else {
                throw JSONPatchError(operation: nil, "the value at \(path) is not the one tested")
            }
        }
    }
}

extension JSONValue {
    /// Equality as JSON means it: numbers by value (`1` equals `1.0`), objects regardless of member order.
    public static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { jsonEqual(value, $0) } ?? false }
        default:
            if let x = a.numberValue, let y = b.numberValue { return x == y }
            return a == b
        }
    }

    private var numberValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The value `path` points to.
    func value(at path: JSONPointer) throws(JSONPatchError) -> JSONValue {
        var current = self
        for token in path.tokens {
            switch current {
            case .object(let members):
                guard let member = members[token] else { throw Self.missing(path) }
                current = member
            case .array(let elements):
                guard let index = JSONPointer.index(token), index < elements.count else { throw Self.missing(path) }
                current = elements[index]
            default:
                throw Self.missing(path)
            }
        }
        return current
    }

    // Each change below takes the members or elements out of the value that holds them (`if case`, then
    // `… = .null`) before changing them: held only there, they change in place, instead of being copied whole
    // for every operation of a patch. (`switch` on an `inout` value keeps a second reference alive while its
    // case runs, so these are `if case`.)

    /// Adds `value` at `path`: a new or replaced member, an element inserted before `index` or appended (`-`).
    mutating func insert(_ value: JSONValue, at path: JSONPointer) throws(JSONPatchError) {
        try change(path, path.tokens[...]) { parent, token throws(JSONPatchError) in
            if case .object(var members) = parent {
                parent = .null
                members[token] = value
                parent = .object(members)
            } else if case .array(var elements) = parent {
                let index = token == "-" ? elements.count : JSONPointer.index(token)
                guard let index, index <= elements.count else {
                    throw JSONPatchError(operation: nil, "\(path): no array position \(token) to add at")
                }
                parent = .null
                elements.insert(value, at: index)
                parent = .array(elements)
            } else {
                throw Self.missing(path)
            }
        } root: { root in
            root = value
        }
    }

    /// Replaces the existing value at `path` (or the whole document).
    mutating func set(_ value: JSONValue, at path: JSONPointer) throws(JSONPatchError) {
        try change(path, path.tokens[...]) { parent, token throws(JSONPatchError) in
            if case .object(var members) = parent, members[token] != nil {
                parent = .null
                members[token] = value
                parent = .object(members)
            } else if case .array(var elements) = parent {
                guard let index = JSONPointer.index(token), index < elements.count else { throw Self.missing(path) }
                parent = .null
                elements[index] = value
                parent = .array(elements)
            } else {
                throw Self.missing(path)
            }
        } root: { root in
            root = value
        }
    }

    /// Removes the value at `path` and returns it; the whole document cannot be removed.
    mutating func remove(at path: JSONPointer) throws(JSONPatchError) -> JSONValue {
        var removed = JSONValue.null
        try change(path, path.tokens[...]) { parent, token throws(JSONPatchError) in
            if case .object(var members) = parent, let value = members[token] {
                parent = .null
                members.removeValue(forKey: token)
                removed = value
                parent = .object(members)
            } else if case .array(var elements) = parent {
                guard let index = JSONPointer.index(token), index < elements.count else { throw Self.missing(path) }
                parent = .null
                removed = elements.remove(at: index)
                parent = .array(elements)
            } else {
                throw Self.missing(path)
            }
        } root: { _ throws(JSONPatchError) in
            throw JSONPatchError(operation: nil, "the whole document cannot be removed")
        }
        return removed
    }

    /// Walks to the parent of the last token and lets `last` change it; `root` handles the empty path. The child
    /// on the way is taken out of its parent while it changes, so nothing else holds it.
    private mutating func change(
        _ path: JSONPointer, _ tokens: ArraySlice<String>,
        last: (inout JSONValue, String) throws(JSONPatchError) -> Void,
        root: (inout JSONValue) throws(JSONPatchError) -> Void
    ) throws(JSONPatchError) {
        guard let token = tokens.first else { return try root(&self) }
        if tokens.count == 1 { return try last(&self, token) }
        let rest = tokens.dropFirst()
        if case .object(var members) = self {
            guard var child = members[token] else { throw Self.missing(path) }
            self = .null
            members[token] = .null
            defer { members[token] = child; self = .object(members) }
            try child.change(path, rest, last: last, root: root)
        } else if case .array(var elements) = self {
            guard let index = JSONPointer.index(token), index < elements.count else { throw Self.missing(path) }
            var child = elements[index]
            self = .null
            elements[index] = .null
            defer { elements[index] = child; self = .array(elements) }
            try child.change(path, rest, last: last, root: root)
        } else {
            throw Self.missing(path)
        }
    }

    private static func missing(_ path: JSONPointer) -> JSONPatchError {
        JSONPatchError(operation: nil, "nothing at \(path)")
    }
}
