import Foundation

/// An attachment being uploaded or complete.
public struct FolioVaultAttachment: Codable, Sendable, Equatable {
    /// The largest attachment Folio takes: 32 MiB plus 64 KiB of envelope.
    public static let maxSize = 33_619_968
    /// The largest part of an upload or chunk of a download.
    public static let partSize = 524_288

    public var id: String
    public var recordId: String
    public var size: Int
    public var receivedBytes: Int
    public var complete: Bool
    public var createdAt: Date
}

/// A chunk of a complete attachment.
public struct FolioVaultAttachmentChunk: Codable, Sendable, Equatable {
    public var id: String
    public var recordId: String
    public var size: Int
    public var offset: Int
    public var data: FolioBytes
}
