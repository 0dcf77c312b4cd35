import FolioModel

extension Emulator {
    /// The holder a launch names (docs/folio-api.md, "Issued documents"): `sessionId`, an active session of the
    /// inquiry's organization (its account, or the guest of a TRANSIENT session), or `guestId`, a guest of the
    /// organization as guest vaults name it. Nil when the launch names none.
    func inquiryHolder(_ fields: InquiryFields, organizationId: String, _ request: EmulatorRequest)
        throws(InquiryFailure) -> IssuanceHolder?
    {
        let sessionId = try fields.optionalString("sessionId", maxLength: 128)
        let guestId = try fields.optionalString("guestId", maxLength: 128)
        if sessionId != nil, guestId != nil {
            throw .invalidRequest("name the holder with sessionId or guestId, not both")
        }
        if let guestId {
            guard VaultState.isGuestId(guestId) else {
                throw .invalidRequest("a guest id is 1-128 characters of A-Z a-z 0-9 _ -")
            }
            return IssuanceHolder(organizationId: organizationId, guestId: guestId, email: "")
        }
        guard let sessionId else { return nil }
        let session: SessionRecord
        do throws(AuthFailure) {
            session = try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                try state.session(sessionId, now: env.now)
            }
        } catch {
            throw InquiryFailure(status: error.status, code: error.code, message: error.message)
        }
        guard session.status == .active else {
            throw InquiryFailure(status: 410, code: "SESSION_EXPIRED", message: "session \(sessionId) has ended")
        }
        guard session.organizationId == organizationId else {
            throw InquiryFailure(
                status: 403, code: "LAUNCH_INVALID", message: "session \(sessionId) is not of \(organizationId)")
        }
        if let accountId = session.accountId, let account = accounts.account(id: accountId) {
            return IssuanceHolder(organizationId: organizationId, accountId: accountId, email: account.email)
        }
        guard let guest = session.identity["value"]?["guestId"]?.stringValue else {
            throw .internalError("session \(sessionId) has neither an account nor a guest")
        }
        return IssuanceHolder(organizationId: organizationId, guestId: guest, email: "")
    }
}
