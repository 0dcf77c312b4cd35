import Foundation

/// Who a session is signed in as (the SDK's session identity).
public enum FolioIdentity: Codable, Sendable, Equatable {
    /// An account.
    case authenticated(userId: String, email: String)
    /// A guest account Folio created for this sign-in.
    case transient(guestId: String)

    private struct Value: Codable {
        var userId: String?
        var email: String?
        var guestId: String?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        let value = try container.decode(Value.self, forKey: .value)
        switch type {
        case "AUTHENTICATED":
            guard let userId = value.userId, let email = value.email else {
                throw container.unknownType("AUTHENTICATED without userId and email", of: Self.self)
            }
            self = .authenticated(userId: userId, email: email)
        case "TRANSIENT":
            guard let guestId = value.guestId else {
                throw container.unknownType("TRANSIENT without guestId", of: Self.self)
            }
            self = .transient(guestId: guestId)
        default:
            throw container.unknownType(type, of: Self.self)
        }
    }

    private enum ValueKey: String, CodingKey {
        case userId, email, guestId
    }

    // Only the members of the case: an AUTHENTICATED value has no guestId, not even a null one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        switch self {
        case .authenticated(let userId, let email):
            try container.encode("AUTHENTICATED", forKey: .type)
            var value = container.nestedContainer(keyedBy: ValueKey.self, forKey: .value)
            try value.encode(userId, forKey: .userId)
            try value.encode(email, forKey: .email)
        case .transient(let guestId):
            try container.encode("TRANSIENT", forKey: .type)
            var value = container.nestedContainer(keyedBy: ValueKey.self, forKey: .value)
            try value.encode(guestId, forKey: .guestId)
        }
    }
}

/// A Folio session (`GET /v1/sessions/{id}`).
public struct FolioSession: Codable, Sendable, Equatable {
    public var id: String
    public var organizationId: String
    public var identity: FolioIdentity
    public var deviceId: String
    public var status: FolioSessionStatus
    public var createdAt: Date
    /// When the session expires unless it ends earlier.
    public var expiresAt: Date
    /// When it ended or expired; nil while active.
    public var endedAt: Date?

    /// Creates a session value.
    public init(
        id: String, organizationId: String, identity: FolioIdentity, deviceId: String, status: FolioSessionStatus,
        createdAt: Date, expiresAt: Date, endedAt: Date? = nil
    ) {
        self.id = id
        self.organizationId = organizationId
        self.identity = identity
        self.deviceId = deviceId
        self.status = status
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.endedAt = endedAt
    }
}

/// One entry of the session change feed: a session that ended or expired.
public struct FolioSessionChange: Codable, Sendable, Equatable {
    /// Increases by one per change, in the order Folio recorded them.
    public var sequence: Int64
    public var session: FolioSession

    /// Creates a change.
    public init(sequence: Int64, session: FolioSession) {
        self.sequence = sequence
        self.session = session
    }
}

/// A page of `GET /v1/sessions/changes`.
public struct FolioSessionChanges: Codable, Sendable, Equatable {
    public var items: [FolioSessionChange]
    /// Pass it back to get the changes after these; never nil (the feed has no end).
    public var nextCursor: String

    /// Creates a page.
    public init(items: [FolioSessionChange], nextCursor: String) {
        self.items = items
        self.nextCursor = nextCursor
    }
}
