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
