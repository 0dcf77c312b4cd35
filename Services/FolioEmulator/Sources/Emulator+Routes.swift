extension Emulator {
    /// Every route of the emulator. Later routes are added here, in their own `Emulator+Topic.swift`.
    static func makeRouter() -> Router {
        var router = Router()
        router.add("GET", "/healthz", .open) { emulator, request in emulator.health(request) }
        router.add("GET", "/.well-known/jwks.json", .open) { emulator, request in
            emulator.jwks(request)
        }

        router.add("GET", "/v1/organizations", .apiKey) { emulator, request throws(APIError) in
            try emulator.listOrganizations(request)
        }
        router.add("GET", "/v1/organizations/{organizationId}", .apiKey) {
            emulator, request throws(APIError) in
            try emulator.organization(request)
        }
        router.add("GET", "/v1/organizations/{organizationId}/accounts", .apiKey) {
            emulator, request throws(APIError) in
            try emulator.listAccounts(request)
        }
        router.add("POST", "/v1/accounts", .apiKey) { emulator, request throws(APIError) in
            try await emulator.createAccount(request)
        }
        router.add("GET", "/v1/accounts/{accountId}", .apiKey) { emulator, request throws(APIError) in
            try emulator.account(request)
        }

        router.add("GET", "/admin/clock", .admin) { emulator, request in emulator.readClock(request) }
        router.add("POST", "/admin/clock", .admin) { emulator, request throws(APIError) in
            try emulator.moveClock(request)
        }
        router.add("POST", "/admin/keys/rotate", .admin) { emulator, request throws(APIError) in
            try emulator.rotateKeys(request)
        }
        router.add("GET", "/admin/faults", .admin) { emulator, request in emulator.listFaults(request) }
        router.add("POST", "/admin/faults", .admin) { emulator, request throws(APIError) in
            try emulator.addFault(request)
        }
        router.add("DELETE", "/admin/faults", .admin) { emulator, request in
            emulator.clearFaults(request)
        }
        addAuthRoutes(to: &router)
        addVaultRoutes(to: &router)
        addInquiryRoutes(to: &router)
        addIssuanceRoutes(to: &router)
        return router
    }
}
