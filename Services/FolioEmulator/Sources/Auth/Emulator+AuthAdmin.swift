import FolioModel
import HTTP

extension Emulator {
    /// `GET /admin/mailbox?to=<email or phone>`: the one-time codes sent there (test mode only).
    func mailbox(_ request: EmulatorRequest) -> HTTPResponse {
        guard configuration.mode == .test else {
            return AuthFailure(
                status: 409, code: "MAILBOX_UNAVAILABLE", message: "live mode sends no readable codes"
            ).response
        }
        guard let to = request.http.query["to"], !to.isEmpty else {
            return AuthFailure.invalidRequest("to must name an email address or phone number").response
        }
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            .object(["items": .array(try auth.perform(authEnvironment(request)) { state, _ in state.messages(to: to) })]
            )
        }
    }

    /// `POST /admin/device-approvals/{challengeId}/approve`: the trusted device's approval.
    func approveDevice(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("challengeId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                try state.approveDevice(id, env)
            }
        }
    }

    /// `POST /admin/sessions` with `{"accountId", "deviceId"?}`: an active session of a fixture (or signed-up)
    /// account without a ceremony, so tests of signed-in features start at once.
    func createSession(_ request: EmulatorRequest) -> HTTPResponse {
        authAnswer(status: 201) { () throws(AuthFailure) -> JSONValue in
            let body = try JSONFields(try authBody(request), path: "body")
            let accountId = try body.string("accountId", maxLength: 128)
            let deviceId = try body.optionalString("deviceId", maxLength: 128) ?? "dev_admin"
            guard let account = accounts.account(id: accountId) else {
                throw AuthFailure(status: 404, code: "ACCOUNT_NOT_FOUND", message: "no account \(accountId)")
            }
            return try auth.perform(authEnvironment(request)) { state, env in
                state.createSession(for: account, deviceId: deviceId, env).json
            }
        }
    }

    /// `POST /admin/sessions/{sessionId}/expire`: Folio ends the session.
    func expireSession(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("sessionId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                _ = try state.session(id, now: env.now)
                state.finish(id, as: .expired, at: env.now)
                return try state.session(id, now: env.now).json
            }
        }
    }

    /// `POST /admin/passkeys/{credentialId}/assert` with `{"challenge": ..., "origin"?: ...}`: the
    /// assertion the fixture passkey's authenticator gives for the challenge.
    func assertPasskey(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("credentialId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            let body = try JSONFields(try authBody(request), path: "body")
            let challenge = try body.string("challenge", maxLength: 512)
            let origin = try body.optionalString("origin", maxLength: 2048)
            let (owner, rpId) = try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in
                guard let owner = state.passkeyOwners[id], let account = state.credentials[owner] else {
                    throw AuthFailure(status: 404, code: "PASSKEY_NOT_FOUND", message: "no passkey \(id)")
                }
                return (owner, env.policy(account.organizationId).passkeyRpId)
            }
            guard
                let assertion = PasskeyAuthenticator.assertion(
                    credentialId: id, challenge: challenge, rpId: rpId, origin: origin ?? "https://\(rpId)",
                    userHandle: owner)
            else { throw .internalError("cannot sign the assertion") }
            return assertion
        }
    }

    /// `GET /oauth/{provider}/authorize?state=&redirect_uri=&login_hint=`: the emulated provider. In test
    /// mode it answers 302 to `redirect_uri?code=&state=` at once; in live mode a page links there.
    func authorizeSocial(_ request: EmulatorRequest) -> HTTPResponse {
        let query = request.http.query
        guard let state = query["state"], !state.isEmpty, let redirectUri = query["redirect_uri"], !redirectUri.isEmpty
        else {
            return AuthFailure.invalidRequest("state and redirect_uri are required").response
        }
        let provider = request.parameter("provider")
        let location: String
        do throws(AuthFailure) {
            location = try auth.perform(authEnvironment(request)) { auth, env throws(AuthFailure) in
                try auth.authorize(
                    provider: provider, state: state, redirectUri: redirectUri, loginHint: query["login_hint"], env)
            }
        } catch {
            return error.response
        }
        if configuration.mode == .test {
            return HTTPResponse(status: 302, headers: [("Location", location), ("Cache-Control", "no-store")])
        }
        let escaped = location.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
            of: "\"", with: "&quot;"
        )
        .replacingOccurrences(of: "<", with: "&lt;")
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            text: "<!doctype html><title>Folio emulator</title><p>Sign in with \(provider)?</p>"
                + "<p><a href=\"\(escaped)\">Continue</a></p>")
    }
}
