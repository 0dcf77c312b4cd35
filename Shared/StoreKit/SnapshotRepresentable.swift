import FolioModel

/// A reducer state that builds its snapshot JSON itself, in the shape its `Decodable` reads back. StoreHost
/// writes a snapshot after every change, so a state whose encoding through `JSONEncoder` is costly (large wire
/// values inside) provides this instead.
public protocol SnapshotRepresentable {
    var snapshot: JSONValue { get }
}
