import FolioModel
import Foundation
import Synchronization

/// The vault half of the emulator: records, folders, settings, shares, attachments, keys and change
/// feeds, all in memory under one lock.
final class VaultEmulator: Sendable {
    private let state = Mutex(VaultState())

    /// Runs `body` on the state under the lock.
    func perform<T: Sendable>(
        _ environment: VaultEnvironment,
        _ body: (inout VaultState, VaultEnvironment) throws(VaultFailure) -> T
    ) throws(VaultFailure) -> T {
        try state.withLock { (state: inout VaultState) throws(VaultFailure) -> T in
            try body(&state, environment)
        }
    }

    /// The owner of a stored record (purged ones included), for admin calls.
    func owner(of recordId: String) -> String? {
        state.withLock { $0.records[recordId]?.ownerAccountId }
    }
}

/// The account a vault call acts for: a signed-in account, from its `Folio-Session-Id`, or a guest, from its
/// guest access (`Folio-Organization-Id` and `Folio-Guest-Id`).
struct VaultCaller: Sendable {
    var sessionId: String
    /// The key of the caller's vault: the account id, or ``VaultState/guestKey(organization:guest:)``.
    var accountId: String
    var organizationId: String
    var email: String
    /// The guest id of guest access; nil for a signed-in account.
    var guestId: String? = nil

    /// The id answers show for the caller.
    var publicAccountId: String { guestId ?? accountId }
}

/// What one vault request works with: the emulator, the clock's time and the calling account.
struct VaultEnvironment {
    let emulator: Emulator
    let now: Date
    let caller: VaultCaller

    var account: String { caller.accountId }
    var accounts: AccountDirectory { emulator.accounts }

    func newID(_ prefix: String) -> String {
        emulator.newID(prefix: prefix)
    }
}

extension Emulator {
    /// The caller of a vault request: the account of the active, authenticated session its
    /// `Folio-Session-Id` names, or with guest access the guest's vault, for the routes that allow it (`guest`);
    /// the others refuse guest access with 403 GUEST_READ_ONLY.
    func vaultEnvironment(_ request: EmulatorRequest, guest: Bool = false) throws(VaultFailure) -> VaultEnvironment {
        if let access = try vaultGuestAccess(request) {
            guard guest else {
                throw VaultFailure(
                    status: 403, code: "GUEST_READ_ONLY",
                    message: "guest access reads the guest's vault and publishes its keys; sign in to change it")
            }
            return access
        }
        guard let sessionId = request.http.headers["folio-session-id"], !sessionId.isEmpty else {
            throw VaultFailure(
                status: 400, code: "SESSION_REQUIRED",
                message: "vault calls act for a session: send the Folio-Session-Id header")
        }
        let env = authEnvironment(request)
        let session: SessionRecord
        do throws(AuthFailure) {
            session = try auth.perform(env) { state, env throws(AuthFailure) in
                try state.session(sessionId, now: env.now)
            }
        } catch {
            throw VaultFailure(error)
        }
        guard session.status == .active else {
            throw VaultFailure(status: 410, code: "SESSION_EXPIRED", message: "session \(sessionId) has ended")
        }
        guard let accountId = session.accountId, let account = accounts.account(id: accountId) else {
            throw VaultFailure(
                status: 422, code: "GUEST_SESSION", message: "a guest session has no vault at Folio; sign in first")
        }
        return VaultEnvironment(
            emulator: self, now: env.now,
            caller: VaultCaller(
                sessionId: sessionId, accountId: accountId, organizationId: account.organizationId,
                email: account.email))
    }

    /// The environment of an admin call acting on `accountId`'s vault; 404 ACCOUNT_NOT_FOUND when unknown.
    func vaultEnvironment(adminFor accountId: String) throws(VaultFailure) -> VaultEnvironment {
        guard let account = accounts.account(id: accountId) else {
            throw VaultFailure(status: 404, code: "ACCOUNT_NOT_FOUND", message: "no account \(accountId)")
        }
        return VaultEnvironment(
            emulator: self, now: clock.now(),
            caller: VaultCaller(
                sessionId: "", accountId: account.id, organizationId: account.organizationId, email: account.email))
    }
}
