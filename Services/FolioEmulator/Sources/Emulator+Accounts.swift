import HTTP

extension Emulator {
    /// `POST /v1/accounts` (idempotent): signs up an account in an organization; 201 with the account.
    func createAccount(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            let signup = try request.decodeBody(AccountSignup.self)
            try signup.validate()
            _ = try requireOrganization(signup.organizationId)
            let account = Account(
                id: newID(prefix: "acct"), organizationId: signup.organizationId, email: signup.email,
                phone: signup.phone, createdAt: RFC3339.format(clock.now()))
            switch accounts.insert(account) {
            case .created(let created):
                return .json(created.json, status: 201)
            case .emailTaken:
                throw APIError(
                    status: 409, code: "ACCOUNT_EXISTS",
                    message: "organization \(signup.organizationId) already has an account with this email")
            }
        }
    }

    /// `GET /v1/accounts/{accountId}`.
    func account(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        let id = request.parameter("accountId")
        guard let account = accounts.account(id: id) else {
            throw .notFound("ACCOUNT_NOT_FOUND", "no account \(id)")
        }
        return .json(account.json)
    }

    /// `GET /v1/organizations/{organizationId}/accounts?cursor=&limit=`: accounts sorted by id.
    func listAccounts(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        let organization = try requireOrganization(request.parameter("organizationId"))
        let page = try Pagination.page(
            accounts.accounts(organizationId: organization.id), key: \.id, request: request)
        return .json(Pagination.body(items: page.items.map { $0.json }, nextCursor: page.nextCursor))
    }
}
