import Foundation

/// One schema change, usually loaded from a file such as `0001_create_things.sql`.
public struct Migration: Sendable, Hashable {
    /// The number that orders migrations and is recorded once applied.
    public var version: Int
    /// The descriptive part of the file name (`create_things`).
    public var name: String
    /// The SQL; may hold several statements. It runs inside a transaction, so it must not
    /// contain `BEGIN`/`COMMIT` or statements that refuse transactions (`CREATE INDEX CONCURRENTLY`).
    public var sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// Reads every `<number>_<name>.sql` file of `directory`, sorted by version.
    ///
    /// Other files are ignored; a `.sql` file without a number prefix, or two files with the same
    /// version, throw ``MigrationError``.
    public static func load(directory: URL) throws -> [Migration] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MigrationError.unreadable(directory.path, reason: "\(error)")
        }
        var migrations: [Migration] = []
        for fileName in names.sorted() where fileName.hasSuffix(".sql") && !fileName.hasPrefix(".") {
            guard let (version, name) = parse(fileName: fileName) else {
                throw MigrationError.badFileName(fileName)
            }
            let url = directory.appendingPathComponent(fileName)
            let sql: String
            do {
                sql = try String(contentsOf: url, encoding: .utf8)
            } catch {
                throw MigrationError.unreadable(url.path, reason: "\(error)")
            }
            migrations.append(Migration(version: version, name: name, sql: sql))
        }
        return try sortedCheckingVersions(migrations)
    }

    /// `0001_create_things.sql` -> `(1, "create_things")`.
    static func parse(fileName: String) -> (Int, String)? {
        let stem = fileName.dropLast(".sql".count)
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let digits = stem[..<underscore]
        let name = stem[stem.index(after: underscore)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !name.isEmpty,
            let version = Int(digits)
        else { return nil }
        return (version, String(name))
    }

    static func sortedCheckingVersions(_ migrations: [Migration]) throws -> [Migration] {
        let sorted = migrations.sorted { $0.version < $1.version }
        for (previous, next) in zip(sorted, sorted.dropFirst()) where previous.version == next.version {
            throw MigrationError.duplicateVersion(next.version, names: [previous.name, next.name])
        }
        return sorted
    }
}
