import FolioClient

/// How creates are cut into calls of Folio's batch route (`POST /v1/vault/records/batch`): in order, at most
/// ``FolioVaultRecordBatch/maxRecords`` creates and about ``bytes`` of request a call, under the 1 MiB Folio takes
/// with room for the JSON around the bytes.
public enum VaultCreateBatches {
    public static let bytes = 768 * 1024

    /// About what one create adds to a call's request: its body and wrapped key in base64url, its client id and
    /// schema, and the JSON around them.
    public static func size(bodyBytes: Int, keyBytes: Int, clientID: String, schema: String) -> Int {
        (bodyBytes + keyBytes) * 4 / 3 + clientID.utf8.count + schema.utf8.count + 160
    }

    /// The creates of `sizes` (each as ``size(bodyBytes:keyBytes:clientID:schema:)`` gives it), cut into
    /// consecutive calls: the ranges of their positions.
    public static func cut(_ sizes: [Int]) -> [Range<Int>] {
        var calls: [Range<Int>] = []
        var start = 0
        var bytes = 0
        for (position, size) in sizes.enumerated() {
            let count = position - start
            if count > 0, count == FolioVaultRecordBatch.maxRecords || bytes + size > Self.bytes {
                calls.append(start..<position)
                start = position
                bytes = 0
            }
            bytes += size
        }
        if start < sizes.count { calls.append(start..<sizes.count) }
        return calls
    }
}
