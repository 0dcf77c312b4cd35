/// One change of the vault feed: a record as the account sees it now, or a share it sent or received.
public enum FolioVaultChange: Codable, Sendable, Equatable {
    case record(FolioVaultRecord)
    case share(FolioVaultShare)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "RECORD": self = .record(try container.decode(FolioVaultRecord.self, forKey: .value))
        case "SHARE": self = .share(try container.decode(FolioVaultShare.self, forKey: .value))
        default: throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        switch self {
        case .record(let record):
            try container.encode("RECORD", forKey: .type)
            try container.encode(record, forKey: .value)
        case .share(let share):
            try container.encode("SHARE", forKey: .type)
            try container.encode(share, forKey: .value)
        }
    }
}

/// An entry of the change feed.
public struct FolioVaultChangeItem: Codable, Sendable, Equatable {
    /// The account's change number; only a record's or share's latest change is listed.
    public var sequence: Int64
    public var change: FolioVaultChange
}

/// A page of `GET /v1/vault/changes`.
public struct FolioVaultChanges: Codable, Sendable, Equatable {
    public var items: [FolioVaultChangeItem]
    /// Pass it back for later changes; never nil (the feed has no end).
    public var nextCursor: String
    /// More changes are waiting now: fetch again without waiting.
    public var hasMore: Bool

    /// The records among the changes.
    public var records: [FolioVaultRecord] {
        items.compactMap { if case .record(let record) = $0.change { record } else { nil } }
    }

    /// The shares among the changes.
    public var shares: [FolioVaultShare] {
        items.compactMap { if case .share(let share) = $0.change { share } else { nil } }
    }
}
