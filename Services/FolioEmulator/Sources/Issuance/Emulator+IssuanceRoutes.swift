extension Emulator {
    /// The routes of issued documents (docs/folio-api.md, "Issued documents") and their admin knobs.
    static func addIssuanceRoutes(to router: inout Router) {
        router.add("GET", "/v1/issuances/{issuanceId}", .apiKey) { emulator, request in
            emulator.readIssuance(request)
        }
        router.add("POST", "/v1/issuances/{issuanceId}/delivery", .apiKey) { emulator, request throws(APIError) in
            try await emulator.confirmIssuanceDelivery(request)
        }
        router.add("GET", "/v1/vault/issued-invites", .apiKey) { emulator, request in
            emulator.listIssuedInvites(request)
        }

        router.add("GET", "/admin/issuances", .admin) { emulator, request in emulator.listIssuancesAdmin(request) }
        router.add("GET", "/admin/issuances/receipts", .admin) { emulator, request in
            emulator.issuanceReceipts(request)
        }
        router.add("POST", "/admin/issuances/auto-decide", .admin) { emulator, request in
            emulator.setIssuanceAutoDecide(request)
        }
        router.add("GET", "/admin/issuances/{issuanceId}", .admin) { emulator, request in
            emulator.readIssuanceAdmin(request)
        }
        router.add("POST", "/admin/issuances/{issuanceId}/decide", .admin) { emulator, request in
            emulator.decideIssuance(request)
        }
        router.add("POST", "/admin/issuances/{issuanceId}/fail", .admin) { emulator, request in
            emulator.failIssuance(request)
        }
        router.add("POST", "/admin/issuances/{issuanceId}/revoke", .admin) { emulator, request in
            emulator.revokeIssuedDocument(request)
        }
    }
}
