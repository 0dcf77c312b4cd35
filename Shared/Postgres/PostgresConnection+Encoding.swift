import CPostgres

/// A statement's parameters as libpq takes them: every value's bytes in one buffer (NUL-terminated for text
/// format), with lengths, formats and types; checked before anything is sent. Public for programs that call
/// libpq themselves (the inquiry bench's floor).
public struct EncodedStatement {
    let key: PreparedStatementKey
    public let lengths: [Int32]
    public let formats: [Int32]
    private let storage: [UInt8]
    private let offsets: [Int?]

    public var count: Int32 { Int32(lengths.count) }
    /// The SQL text, with `$N` placeholders.
    public var sql: String { key.sql }
    /// The parameters' types (0 lets the server infer one).
    public var types: [Oid] { key.types }
    /// The bytes this statement puts on the wire, about.
    var size: Int { key.sql.utf8.count + storage.count }

    public init(_ query: PostgresQuery) throws {
        let binds = query.binds
        guard binds.count <= Int(UInt16.max) else {
            throw PostgresError.queryFailed(
                sqlState: "54000", message: "too many parameters (\(binds.count), at most 65535)")
        }
        guard !query.sql.utf8.contains(0) else {
            throw PostgresError.queryFailed(sqlState: "22021", message: "SQL text contains a zero byte")
        }
        var storage: [UInt8] = []
        var offsets: [Int?] = []
        var lengths: [Int32] = []
        for (position, bind) in binds.enumerated() {
            guard let bytes = bind.bytes else {
                offsets.append(nil)
                lengths.append(0)
                continue
            }
            if bind.format == .text, bytes.contains(0) {
                throw PostgresError.queryFailed(
                    sqlState: "22021", message: "text parameter $\(position + 1) contains a zero byte")
            }
            guard let length = Int32(exactly: bytes.count) else {
                throw PostgresError.queryFailed(
                    sqlState: "54000", message: "parameter $\(position + 1) is too large")
            }
            offsets.append(storage.count)
            lengths.append(length)
            storage += bytes
            storage.append(0)
        }
        storage.append(0)  // never empty, so the buffer has a base address
        self.storage = storage
        self.offsets = offsets
        self.lengths = lengths
        self.formats = binds.map { $0.format.rawValue }
        self.key = PreparedStatementKey(sql: query.sql, types: binds.map { Oid($0.type.oid) })
    }

    /// Calls `body` with the values' pointers, valid only during the call; nil when there is no buffer.
    public func withValues<Answer>(_ body: ([UnsafePointer<CChar>?]) -> Answer) -> Answer? {
        storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            let values = offsets.map { offset in
                offset.map { UnsafeRawPointer(base + $0).assumingMemoryBound(to: CChar.self) }
            }
            return body(values)
        }
    }
}
