extension Emulator {
    /// The vault routes (records, folders, settings, change feed, shares, keys, attachments, admin helpers).
    static func addVaultRoutes(to router: inout Router) {
        router.add("POST", "/v1/vault/records", .apiKey) { emulator, request throws(APIError) in
            try await emulator.createVaultRecord(request)
        }
        router.add("POST", "/v1/vault/records/batch", .apiKey) { emulator, request throws(APIError) in
            try await emulator.createVaultRecords(request)
        }
        router.add("GET", "/v1/vault/records", .apiKey) { emulator, request in emulator.listVaultRecords(request) }
        router.add("GET", "/v1/vault/records/{recordId}", .apiKey) { emulator, request in
            emulator.readVaultRecord(request)
        }
        router.add("PUT", "/v1/vault/records/{recordId}", .apiKey) { emulator, request throws(APIError) in
            try await emulator.updateVaultRecord(request)
        }
        router.add("POST", "/v1/vault/records/{recordId}/delete", .apiKey) { emulator, request throws(APIError) in
            try await emulator.moveVaultRecord(request, .delete)
        }
        router.add("POST", "/v1/vault/records/{recordId}/restore", .apiKey) { emulator, request throws(APIError) in
            try await emulator.moveVaultRecord(request, .restore)
        }
        router.add("POST", "/v1/vault/records/{recordId}/purge", .apiKey) { emulator, request throws(APIError) in
            try await emulator.moveVaultRecord(request, .purge)
        }
        router.add("PUT", "/v1/vault/records/{recordId}/settings", .apiKey) { emulator, request throws(APIError) in
            try await emulator.setVaultSettings(request)
        }
        router.add("PUT", "/v1/vault/folders/{folderId}/members/{recordId}", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.changeVaultMembership(request, add: true)
        }
        router.add("DELETE", "/v1/vault/folders/{folderId}/members/{recordId}", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.changeVaultMembership(request, add: false)
        }
        router.add("GET", "/v1/vault/changes", .apiKey) { emulator, request in await emulator.vaultChanges(request) }

        router.add("POST", "/v1/vault/records/{recordId}/shares", .apiKey) { emulator, request throws(APIError) in
            try await emulator.inviteToVaultRecord(request)
        }
        router.add("GET", "/v1/vault/shares/incoming", .apiKey) { emulator, request in
            emulator.listVaultShares(request, incoming: true)
        }
        router.add("GET", "/v1/vault/shares/outgoing", .apiKey) { emulator, request in
            emulator.listVaultShares(request, incoming: false)
        }
        router.add("GET", "/v1/vault/shares/{shareId}", .apiKey) { emulator, request in
            emulator.readVaultShare(request)
        }
        router.add("POST", "/v1/vault/shares/{shareId}/accept", .apiKey) { emulator, request throws(APIError) in
            try await emulator.actOnVaultShare(request, .accept)
        }
        router.add("POST", "/v1/vault/shares/{shareId}/reject", .apiKey) { emulator, request throws(APIError) in
            try await emulator.actOnVaultShare(request, .reject)
        }
        router.add("POST", "/v1/vault/shares/{shareId}/revoke", .apiKey) { emulator, request throws(APIError) in
            try await emulator.actOnVaultShare(request, .revoke)
        }

        router.add("PUT", "/v1/vault/keys", .apiKey) { emulator, request throws(APIError) in
            try await emulator.publishVaultKeys(request)
        }
        router.add("GET", "/v1/vault/keys", .apiKey) { emulator, request in emulator.lookupVaultKeys(request) }

        router.add("POST", "/v1/vault/records/{recordId}/attachments", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.startVaultAttachment(request)
        }
        router.add("POST", "/v1/vault/attachments/{attachmentId}/parts", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.appendVaultAttachment(request)
        }
        router.add("GET", "/v1/vault/attachments/{attachmentId}", .apiKey) { emulator, request in
            emulator.readVaultAttachment(request)
        }
        router.add("DELETE", "/v1/vault/attachments/{attachmentId}", .apiKey) { emulator, request throws(APIError) in
            try await emulator.deleteVaultAttachment(request)
        }

        router.add("GET", "/admin/vault/records/{recordId}", .admin) { emulator, request in
            emulator.storedVaultRecord(request)
        }
        router.add("POST", "/admin/vault/records/{recordId}/write", .admin) { emulator, request in
            emulator.writeVaultRecord(request)
        }
        router.add("GET", "/admin/vault/accounts/{accountId}", .admin) { emulator, request in
            emulator.vaultAccountStats(request)
        }
        router.add("POST", "/admin/vault/ingest", .admin) { emulator, request in emulator.ingestVaultRecords(request) }
        router.add("GET", "/admin/vault/guests/{organizationId}/{guestId}", .admin) { emulator, request in
            emulator.guestVaultStats(request)
        }
        router.add("POST", "/admin/vault/guests/{organizationId}/{guestId}/records", .admin) { emulator, request in
            emulator.deliverGuestVaultRecord(request)
        }
    }
}
