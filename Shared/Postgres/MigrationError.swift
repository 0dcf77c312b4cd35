/// An error from loading or applying migrations.
public struct MigrationError: Error, CustomStringConvertible, Sendable {
    private enum Storage: Sendable {
        case unreadable(path: String, reason: String)
        case badFileName(String)
        case duplicateVersion(Int, names: [String])
        case invalidTableName(String)
        case failed(version: Int, name: String, underlying: PostgresError)
    }

    private let storage: Storage

    static func unreadable(_ path: String, reason: String) -> MigrationError {
        MigrationError(storage: .unreadable(path: path, reason: reason))
    }
    static func badFileName(_ name: String) -> MigrationError {
        MigrationError(storage: .badFileName(name))
    }
    static func duplicateVersion(_ version: Int, names: [String]) -> MigrationError {
        MigrationError(storage: .duplicateVersion(version, names: names))
    }
    static func invalidTableName(_ name: String) -> MigrationError {
        MigrationError(storage: .invalidTableName(name))
    }
    static func failed(version: Int, name: String, underlying: PostgresError) -> MigrationError {
        MigrationError(storage: .failed(version: version, name: name, underlying: underlying))
    }

    /// The version concerned, for a duplicate or a migration that failed to apply.
    public var version: Int? {
        switch storage {
        case .duplicateVersion(let version, _), .failed(let version, _, _): version
        default: nil
        }
    }

    /// The database error of a migration that failed to apply.
    public var underlying: PostgresError? {
        if case .failed(_, _, let underlying) = storage { return underlying }
        return nil
    }

    public var description: String {
        switch storage {
        case .unreadable(let path, let reason): "MigrationError: cannot read \(path): \(reason)"
        case .badFileName(let name):
            "MigrationError: \(name) is not named <number>_<name>.sql"
        case .duplicateVersion(let version, let names):
            "MigrationError: version \(version) is used twice (\(names.joined(separator: ", ")))"
        case .invalidTableName(let name):
            "MigrationError: \"\(name)\" is not a plain table name (letters, digits, _, optional schema.)"
        case .failed(let version, let name, let underlying):
            "MigrationError: migration \(version)_\(name) failed: \(underlying)"
        }
    }
}
