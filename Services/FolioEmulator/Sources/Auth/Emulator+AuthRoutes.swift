extension Emulator {
    /// The authentication routes (ceremonies, sessions, the emulated social provider, admin helpers).
    static func addAuthRoutes(to router: inout Router) {
        router.add("POST", "/v1/auth/ceremonies", .apiKey) { emulator, request throws(APIError) in
            try await emulator.startCeremony(request)
        }
        router.add("GET", "/v1/auth/ceremonies/{ceremonyId}", .apiKey) { emulator, request in
            emulator.readCeremony(request)
        }
        router.add("POST", "/v1/auth/ceremonies/{ceremonyId}/answer", .apiKey) { emulator, request throws(APIError) in
            try await emulator.answerCeremony(request)
        }
        router.add("POST", "/v1/auth/ceremonies/{ceremonyId}/alternative", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.selectAlternative(request)
        }
        router.add("POST", "/v1/auth/ceremonies/{ceremonyId}/resend", .apiKey) { emulator, request throws(APIError) in
            try await emulator.resendOtp(request)
        }
        router.add("POST", "/v1/auth/ceremonies/{ceremonyId}/device-link", .apiKey) {
            emulator, request throws(APIError) in
            try await emulator.completeDeviceLink(request)
        }
        router.add("POST", "/v1/auth/ceremonies/{ceremonyId}/cancel", .apiKey) { emulator, request throws(APIError) in
            try await emulator.cancelCeremony(request)
        }
        router.add("GET", "/v1/sessions/changes", .apiKey) { emulator, request in
            await emulator.sessionChanges(request)
        }
        router.add("GET", "/v1/sessions/{sessionId}", .apiKey) { emulator, request in emulator.readSession(request) }
        router.add("DELETE", "/v1/sessions/{sessionId}", .apiKey) { emulator, request in emulator.endSession(request) }
        router.add("GET", "/oauth/{provider}/authorize", .open) { emulator, request in
            emulator.authorizeSocial(request)
        }
        router.add("GET", "/admin/mailbox", .admin) { emulator, request in emulator.mailbox(request) }
        router.add("POST", "/admin/device-approvals/{challengeId}/approve", .admin) { emulator, request in
            emulator.approveDevice(request)
        }
        router.add("POST", "/admin/sessions", .admin) { emulator, request in emulator.createSession(request) }
        router.add("POST", "/admin/sessions/{sessionId}/expire", .admin) { emulator, request in
            emulator.expireSession(request)
        }
        router.add("POST", "/admin/passkeys/{credentialId}/assert", .admin) { emulator, request in
            emulator.assertPasskey(request)
        }
    }
}
