import Foundation

/// One page of a Folio list: `{"items": [...], "nextCursor": string|null}`.
public struct FolioPage<Item: Decodable & Sendable>: Decodable, Sendable {
    /// The items of this page.
    public var items: [Item]
    /// Pass this as `cursor` for the next page; nil on the last page.
    public var nextCursor: String?

    /// Creates a page.
    public init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// `GET /healthz`.
public struct FolioHealth: Codable, Sendable, Equatable {
    /// `ok` when Folio is up.
    public var status: String
}

/// An organization (integrator) using Folio.
public struct FolioOrganization: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// Web origins allowed to embed this organization's flows.
    public var allowedOrigins: [String]
    public var createdAt: Date
}

/// An account (end user) of an organization.
public struct FolioAccount: Codable, Sendable, Equatable {
    public var id: String
    public var organizationId: String
    public var email: String
    /// E.164 phone number, if known.
    public var phone: String?
    public var createdAt: Date
}

/// The body of `POST /v1/accounts`.
public struct FolioAccountSignup: Codable, Sendable, Equatable {
    public var organizationId: String
    public var email: String
    /// E.164 phone number, e.g. `+14155550123`.
    public var phone: String?

    /// Creates a signup request.
    public init(organizationId: String, email: String, phone: String? = nil) {
        self.organizationId = organizationId
        self.email = email
        self.phone = phone
    }
}

extension FolioPage: Encodable where Item: Encodable {}
