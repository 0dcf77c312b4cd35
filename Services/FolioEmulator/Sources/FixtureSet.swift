import FolioModel

/// One record of a fixture collection and the file it came from.
public struct FixtureRecord: Sendable, Equatable {
    /// The record's `id`.
    public let id: String
    /// The whole record.
    public let value: JSONValue
    /// The file, relative to the fixtures folder.
    public let file: String
}

/// The fixtures loaded at start: named collections of records.
///
/// A fixture file is a JSON object whose keys are collection names and whose values are arrays of
/// records; several files may add to the same collection. Records keep file order, files are read in
/// path order.
public struct FixtureSet: Sendable {
    /// Records by collection name.
    public private(set) var collections: [String: [FixtureRecord]]

    /// Creates a set from records (validation is done by ``load(from:schemas:)``).
    public init(collections: [String: [FixtureRecord]] = [:]) {
        self.collections = collections
    }

    /// The records of `collection`, empty when there are none.
    public subscript(collection: String) -> [FixtureRecord] {
        collections[collection] ?? []
    }

    /// The record of `collection` with this id.
    public func record(_ collection: String, id: String) -> FixtureRecord? {
        self[collection].first { $0.id == id }
    }

    /// Decodes every record of `collection`; a failure names the record's file.
    public func decode<T: Decodable>(_ collection: String, as type: T.Type) throws(EmulatorError)
        -> [T]
    {
        var result: [T] = []
        for record in self[collection] {
            do {
                result.append(try record.value.decode(T.self))
            } catch {
                throw .invalidFixture(record.file, "\(collection) \(record.id): \(error)")
            }
        }
        return result
    }
}
