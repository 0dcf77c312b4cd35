import FolioModel

/// A store's UI model with its version: 0 for a new store, one more after every change.
public struct VersionedModel: Sendable, Hashable, Codable {
    public var version: Int64
    public var model: JSONValue

    public init(version: Int64, model: JSONValue) {
        self.version = version
        self.model = model
    }

    public var json: JSONValue { ["version": .int(version), "model": model] }
}

/// What `store.next` answers a client that takes deltas: the JSON Patch (RFC 6902) that turns the model of
/// `baseVersion` (the version the client holds) into that of `version`. Empty when nothing changed.
public struct ModelDelta: Sendable, Equatable {
    public var version: Int64
    public var baseVersion: Int64
    public var patch: JSONPatch

    public init(version: Int64, baseVersion: Int64, patch: JSONPatch) {
        self.version = version
        self.baseVersion = baseVersion
        self.patch = patch
    }

    public var json: JSONValue { ["version": .int(version), "baseVersion": .int(baseVersion), "patch": patch.json] }
}
