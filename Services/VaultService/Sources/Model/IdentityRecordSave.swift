import WireModel
/// One save of an identity record (spec identity-records.md): the body the operator's mapper returned and the
/// verification files, stored as the record's attachments under the ids the caller chose.
public struct IdentityRecordSave: Sendable, Equatable {
    /// One file of the verification, stored as an attachment with the caller's `AT_…` id.
    public struct File: Sendable, Equatable {
        public var attachmentID: String
        public var mediaType: String
        public var bytes: [UInt8]

        public init(attachmentID: String, mediaType: String, bytes: [UInt8]) {
            self.attachmentID = attachmentID
            self.mediaType = mediaType
            self.bytes = bytes
        }
    }

    /// The caller's id of this save: a retry with the same id returns the first answer and writes nothing.
    public var saveID: String
    /// The document's fingerprint as the caller computed it; stored only as a keyed hash.
    public var fingerprint: String
    /// The record to update, or nil to create one.
    public var recordID: String?
    public var content: RecordContent
    public var files: [File]

    public init(saveID: String, fingerprint: String, recordID: String?, content: RecordContent, files: [File]) {
        self.saveID = saveID
        self.fingerprint = fingerprint
        self.recordID = recordID
        self.content = content
        self.files = files
    }

    public static let maxFiles = 16
    /// Every file together: the base64 of this many bytes is 64 MiB, nats-server's largest `max_payload`.
    public static let maxTotalBytes = 48 * 1024 * 1024
    public static let maxSaveIDLength = 128
    public static let maxFingerprintBytes = 512

    /// The checks that need no storage, first that fails wins: the save id, the fingerprint, the number of
    /// files, each file's id (`AT_` and 26 of a–z, 2–7, unique in the save), size and media type, the total.
    /// The body's rules are the write's (`VaultWriteRules`).
    public func check() throws(VaultError) {
        guard (1...Self.maxSaveIDLength).contains(saveID.utf8.count),
            saveID.utf8.allSatisfy({ (0x21...0x7e).contains($0) })
        else {
            throw .invalidRequest(
                message: "saveId must be 1-\(Self.maxSaveIDLength) printable ASCII characters without spaces")
        }
        guard (1...Self.maxFingerprintBytes).contains(fingerprint.utf8.count) else {
            throw .invalidRequest(message: "the fingerprint must be 1-\(Self.maxFingerprintBytes) bytes of UTF-8")
        }
        guard files.count <= Self.maxFiles else {
            throw .invalidRequest(message: "a save stores at most \(Self.maxFiles) files; this one has \(files.count)")
        }
        var seen: Set<String> = []
        for file in files {
            guard Self.isAttachmentID(file.attachmentID) else {
                throw .invalidRequest(
                    message: "\"\(file.attachmentID.prefix(64))\" is not an attachment id: AT_ and 26 of a-z 2-7")
            }
            guard seen.insert(file.attachmentID).inserted else {
                throw .invalidRequest(message: "\(file.attachmentID) is named twice")
            }
            try VaultAttachments.check(mediaType: file.mediaType, bytes: file.bytes)
        }
        let total = files.reduce(0) { $0 + $1.bytes.count }
        guard total <= Self.maxTotalBytes else {
            throw .invalidRequest(message: "the files have \(total) bytes together; the limit is \(Self.maxTotalBytes)")
        }
    }

    /// `AT_` and 26 characters of the vault's base32 alphabet (a–z, 2–7), as the vault makes them.
    public static func isAttachmentID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard bytes.count == 29, bytes.starts(with: Array("AT_".utf8)) else { return false }
        return bytes.dropFirst(3).allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "2")...UInt8(ascii: "7")).contains($0)
        }
    }
}

/// What a save stored: the record's local id and the attachments' ids in the order given.
public struct IdentityRecordSaved: Sendable, Equatable {
    public var recordID: String
    public var attachmentIDs: [String]

    public init(recordID: String, attachmentIDs: [String]) {
        self.recordID = recordID
        self.attachmentIDs = attachmentIDs
    }
}

/// The record saved before for a fingerprint: its local id and its body.
public struct IdentityRecordFound: Sendable, Equatable {
    public var recordID: String
    public var content: RecordContent

    public init(recordID: String, content: RecordContent) {
        self.recordID = recordID
        self.content = content
    }
}
