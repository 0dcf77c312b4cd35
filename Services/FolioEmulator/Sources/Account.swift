import FolioModel

/// An account (end user) of an organization: from the `accounts` fixtures or signed up through
/// `POST /v1/accounts`.
struct Account: Sendable {
    var id: String
    var organizationId: String
    var email: String
    var phone: String?
    var createdAt: String

    private struct Fixture: Decodable {
        var id: String
        var organizationId: String
        var email: String
        var phone: String?
        var createdAt: String?
    }

    /// Reads the accounts fixtures; a missing `createdAt` becomes `defaultCreatedAt`.
    static func load(from fixtures: FixtureSet, defaultCreatedAt: String) throws(EmulatorError)
        -> [Account]
    {
        try fixtures.decode("accounts", as: Fixture.self).map { fixture in
            Account(
                id: fixture.id, organizationId: fixture.organizationId, email: fixture.email,
                phone: fixture.phone, createdAt: fixture.createdAt ?? defaultCreatedAt)
        }
    }

    var json: JSONValue {
        [
            "id": .string(id), "organizationId": .string(organizationId), "email": .string(email),
            "phone": phone.map { .string($0) } ?? .null, "createdAt": .string(createdAt),
        ]
    }
}

/// The body of `POST /v1/accounts`.
struct AccountSignup: Decodable, Sendable {
    var organizationId: String
    var email: String
    var phone: String?

    /// Checks the formats: an email with one `@` and text on both sides, an E.164 phone number.
    func validate() throws(APIError) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), email.utf8.count <= 254,
            !email.contains(where: \.isWhitespace)
        else {
            throw .invalidRequest("email is not a valid address")
        }
        if let phone {
            let digits = phone.dropFirst()
            guard phone.hasPrefix("+"), (7...15).contains(digits.count),
                digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0"
            else {
                throw .invalidRequest("phone must be an E.164 number such as +14155550123")
            }
        }
    }
}
