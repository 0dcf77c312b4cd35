import HTTP

extension Emulator {
    /// `GET /v1/organizations?cursor=&limit=`: organizations sorted by id.
    func listOrganizations(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        let page = try Pagination.page(organizations, key: \.id, request: request)
        return .json(Pagination.body(items: page.items.map { $0.json }, nextCursor: page.nextCursor))
    }

    /// `GET /v1/organizations/{organizationId}`.
    func organization(_ request: EmulatorRequest) throws(APIError) -> HTTPResponse {
        .json(try requireOrganization(request.parameter("organizationId")).json)
    }

    func requireOrganization(_ id: String) throws(APIError) -> Organization {
        guard let organization = organizationsByID[id] else {
            throw .notFound("ORGANIZATION_NOT_FOUND", "no organization \(id)")
        }
        return organization
    }
}
