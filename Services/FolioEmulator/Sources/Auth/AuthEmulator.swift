import FolioModel
import Foundation
import Synchronization

/// The authentication half of the emulator: policies and integrators from the fixtures (fixed), and
/// the state the ceremony, session and admin routes change (one lock).
final class AuthEmulator: Sendable {
    let policies: [String: AuthPolicy]
    let fallbackPolicy: AuthPolicy
    let integrators: [String: AuthIntegrator]
    private let state: Mutex<AuthState>

    /// Reads the `authPolicies`, `authIntegrators` and the authentication fields of `accounts`.
    /// Derives verifiers from test passwords: blocking, so call it on the start thread.
    init(fixtures: FixtureSet, mode: EmulatorMode) throws(EmulatorError) {
        let integrators = try AuthIntegrator.load(from: fixtures)
        let (policies, fallback) = try AuthPolicy.load(from: fixtures, integrators: integrators)
        let credentials = try AccountCredentials.load(
            from: fixtures, policy: { policies[$0] ?? fallback }, integrators: integrators)
        self.integrators = integrators
        self.policies = policies
        fallbackPolicy = fallback
        state = Mutex(AuthState(mode: mode, credentials: credentials))
    }

    func policy(for organizationId: String) -> AuthPolicy {
        policies[organizationId] ?? fallbackPolicy
    }

    /// Adds a code another part of the emulator sent (an inquiry's code step) to the mailbox, in test mode.
    func deliver(_ message: AuthState.Message) {
        state.withLock { state in
            if state.mode == .test { state.mailbox.append(message) }
        }
    }

    /// Runs `body` on the state under the lock.
    func perform<T: Sendable>(
        _ environment: AuthEnvironment,
        _ body: (inout AuthState, AuthEnvironment) throws(AuthFailure) -> T
    ) throws(AuthFailure) -> T {
        try state.withLock { (state: inout AuthState) throws(AuthFailure) -> T in
            try body(&state, environment)
        }
    }
}

/// What one authentication request works with: the emulator, the clock's time and the public base URL.
struct AuthEnvironment {
    let emulator: Emulator
    let now: Date
    /// `http://host:port` as the client addressed the emulator (for authorization URLs).
    let baseURL: String

    var auth: AuthEmulator { emulator.auth }
    var accounts: AccountDirectory { emulator.accounts }
    var unixNow: Int64 { Int64(now.timeIntervalSince1970.rounded(.down)) }

    func policy(_ organizationId: String) -> AuthPolicy {
        emulator.auth.policy(for: organizationId)
    }

    func newID(_ prefix: String) -> String {
        emulator.newID(prefix: prefix)
    }

    /// Signs JWT claims with the emulator's current key.
    func sign(_ claims: JSONValue) throws(AuthFailure) -> String {
        do {
            return try emulator.signer.sign(claims: claims)
        } catch {
            throw .internalError("cannot sign: \(error)")
        }
    }
}

extension Emulator {
    /// The environment of an authentication request.
    func authEnvironment(_ request: EmulatorRequest) -> AuthEnvironment {
        let host = request.http.headers["host"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(configuration.host)"
        return AuthEnvironment(emulator: self, now: clock.now(), baseURL: "http://\(host)")
    }
}
