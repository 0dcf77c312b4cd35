import FolioModel
import Foundation

extension FixtureSet {
    /// Loads and validates every `*.json` file under `directory` (recursively, hidden files skipped).
    ///
    /// Throws ``EmulatorError/invalidFixture`` naming the file for invalid JSON, an unknown collection,
    /// a record without a string `id`, a duplicate id, a missing or mistyped field, or a reference to
    /// a record that does not exist. Reads files with blocking I/O: call it off the cooperative pool.
    public static func load(from directory: String, schemas: [FixtureSchema] = FixtureSchema.standard)
        throws(EmulatorError) -> FixtureSet
    {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .fixturesUnreadable("\(directory) is not a folder")
        }
        guard let enumerator = manager.enumerator(atPath: directory) else {
            throw .fixturesUnreadable("cannot list \(directory)")
        }
        var files: [String] = []
        while let next = enumerator.nextObject() as? String {
            let name = (next as NSString).lastPathComponent
            if name.hasPrefix(".") { continue }
            if next.hasSuffix(".json") { files.append(next) }
        }
        files.sort()

        let schemaByName = Dictionary(schemas.map { ($0.collection, $0) }) { first, _ in first }
        var collections: [String: [FixtureRecord]] = [:]
        var origins: [String: [String: String]] = [:]  // collection → id → file
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = manager.contents(atPath: path) else {
                throw .invalidFixture(file, "cannot read the file")
            }
            let document: JSONValue
            do {
                document = try JSONParser.parse(Array(data))
            } catch {
                throw .invalidFixture(file, error.description)
            }
            guard case .object(let members) = document else {
                throw .invalidFixture(file, "the top level must be an object of collections")
            }
            for name in members.keys.sorted() {
                guard let schema = schemaByName[name] else {
                    throw .invalidFixture(
                        file,
                        "unknown collection \"\(name)\" (known: \(schemaByName.keys.sorted().joined(separator: ", ")))"
                    )
                }
                guard case .array(let records) = members[name] ?? .null else {
                    throw .invalidFixture(file, "\(name) must be an array of records")
                }
                for (index, value) in records.enumerated() {
                    let id = try validate(value, schema: schema, file: file, position: "\(name)[\(index)]")
                    if let previous = origins[name, default: [:]][id] {
                        throw .invalidFixture(file, "\(name) id \"\(id)\" is already defined in \(previous)")
                    }
                    origins[name, default: [:]][id] = file
                    collections[name, default: []].append(FixtureRecord(id: id, value: value, file: file))
                }
            }
        }

        for schema in schemas {
            for record in collections[schema.collection] ?? [] {
                for (field, target) in schema.references.sorted(by: { $0.key < $1.key }) {
                    guard let reference = record.value[field]?.stringValue else { continue }
                    guard origins[target]?[reference] != nil else {
                        throw .invalidFixture(
                            record.file,
                            "\(schema.collection) \(record.id): \(field) \"\(reference)\" is not a known \(target) id"
                        )
                    }
                }
            }
        }
        return FixtureSet(collections: collections)
    }

    /// Checks one record against its schema and returns its id.
    private static func validate(
        _ value: JSONValue, schema: FixtureSchema, file: String, position: String
    ) throws(EmulatorError) -> String {
        guard case .object(let fields) = value else {
            throw .invalidFixture(file, "\(position) must be an object")
        }
        guard let id = fields["id"]?.stringValue, !id.isEmpty else {
            throw .invalidFixture(file, "\(position) needs a non-empty string \"id\"")
        }
        for (field, type) in schema.required.sorted(by: { $0.key < $1.key }) {
            guard let fieldValue = fields[field], !fieldValue.isNull else {
                throw .invalidFixture(file, "\(position) (id \(id)) lacks the required field \"\(field)\"")
            }
            guard matches(fieldValue, type) else {
                throw .invalidFixture(file, "\(position) (id \(id)): \"\(field)\" must be \(type)")
            }
        }
        for (field, type) in schema.optional.sorted(by: { $0.key < $1.key }) {
            guard let fieldValue = fields[field], !fieldValue.isNull else { continue }
            guard matches(fieldValue, type) else {
                throw .invalidFixture(file, "\(position) (id \(id)): \"\(field)\" must be \(type)")
            }
        }
        return id
    }

    private static func matches(_ value: JSONValue, _ type: FixtureFieldType) -> Bool {
        switch (type, value) {
        case (.string, .string), (.boolean, .bool), (.array, .array), (.object, .object):
            return true
        case (.integer, _):
            return value.intValue != nil
        case (.stringArray, .array(let elements)):
            return elements.allSatisfy { $0.stringValue != nil }
        case (.time, .string(let text)):
            return RFC3339.parse(text) != nil
        default:
            return false
        }
    }
}
