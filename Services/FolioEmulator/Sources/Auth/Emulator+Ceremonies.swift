import Crypto
import FolioModel
import FolioWire
import HTTP

extension Emulator {
    /// The JSON body of an authentication call; a member named `password` anywhere is refused, since
    /// clients send proofs, never passwords.
    func authBody(_ request: EmulatorRequest) throws(AuthFailure) -> JSONValue {
        let body: JSONValue
        do throws(APIError) {
            body = try request.jsonBody()
        } catch {
            throw AuthFailure(error)
        }
        if body.containsPasswordField { throw .plainPassword }
        return body
    }

    /// The JSON answer of `body`, or the error answer of its failure.
    func authAnswer(status: Int = 200, _ body: () throws(AuthFailure) -> JSONValue) -> HTTPResponse {
        do throws(AuthFailure) {
            return .json(try body(), status: status)
        } catch {
            return error.response
        }
    }

    /// `POST /v1/auth/ceremonies` (idempotent): 201 with the ceremony at its first step.
    func startCeremony(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let start: CeremonyStart
        do throws(AuthFailure) {
            start = try CeremonyStart(try authBody(request))
            guard organizationsByID[start.organizationId] != nil else {
                throw AuthFailure(
                    APIError.notFound("ORGANIZATION_NOT_FOUND", "no organization \(start.organizationId)"))
            }
            if let refusal = try auth.perform(env, { state, env in state.startRefusal(start, env) }) {
                return refusal.response
            }
        } catch {
            return error.response
        }
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            authAnswer(status: 201) { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in try state.start(start, env) }
            }
        }
    }

    /// `GET /v1/auth/ceremonies/{ceremonyId}`.
    func readCeremony(_ request: EmulatorRequest) -> HTTPResponse {
        let id = request.parameter("ceremonyId")
        return authAnswer { () throws(AuthFailure) -> JSONValue in
            try auth.perform(authEnvironment(request)) { state, env throws(AuthFailure) in try state.ceremony(id, env) }
        }
    }

    /// `POST /v1/auth/ceremonies/{ceremonyId}/answer` (idempotent).
    func answerCeremony(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let id = request.parameter("ceremonyId")
        let answer: CeremonyAnswer
        var second: CeremonyAnswer?
        do throws(AuthFailure) {
            let body = try JSONFields(try authBody(request), path: "body")
            answer = try CeremonyAnswer(body.value["answer"], path: "body.answer")
            if let value = body.value["secondAnswer"], !value.isNull {
                second = try CeremonyAnswer(value, path: "body.secondAnswer")
            }
        } catch {
            return error.response
        }
        let secondAnswer = second
        return try await idempotent(request) { () async throws(APIError) -> HTTPResponse in
            var prepared: PreparedRecoveryCode?
            if answer.method == .newPassword,
                let plan = try? auth.perform(env, { state, env in state.recoveryCodeToPrepare(id, env) })
            {
                do {
                    // Argon2id blocks: the async form runs it on Crypto's own queue.
                    let proof = try await PasswordHash.derive(
                        password: Array(AccountCredentials.normalizedRecoveryCode(plan.code).utf8), salt: plan.salt,
                        length: plan.derivation.length, limits: plan.derivation.limits)
                    prepared = PreparedRecoveryCode(
                        code: plan.code, salt: plan.salt, verifier: AccountCredentials.verifier(ofProof: proof))
                } catch {
                    return AuthFailure.internalError("cannot derive the recovery code: \(error)").response
                }
            }
            let recoveryCode = prepared
            return authAnswer { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in
                    try state.answer(id, answer, second: secondAnswer, prepared: recoveryCode, env)
                }
            }
        }
    }

    /// `POST /v1/auth/ceremonies/{ceremonyId}/alternative` (idempotent) with `{"method": {"type": ...}}`.
    func selectAlternative(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let id = request.parameter("ceremonyId")
        let method: FolioAuthMethod
        do throws(AuthFailure) {
            let type = try JSONFields(try authBody(request), path: "body").tagged("method").type
            guard let parsed = FolioAuthMethod(rawValue: type) else {
                throw AuthFailure.invalidRequest("\(type) is not a method")
            }
            method = parsed
        } catch {
            return error.response
        }
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            authAnswer { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in try state.selectAlternative(id, method, env) }
            }
        }
    }

    /// `POST /v1/auth/ceremonies/{ceremonyId}/resend` (idempotent, no body).
    func resendOtp(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let id = request.parameter("ceremonyId")
        do throws(AuthFailure) {
            _ = try auth.perform(env) { state, env throws(AuthFailure) in try state.resendOtp(id, env, record: false) }
        } catch  where error.code == "RATE_LIMITED" {
            // Not stored under the Idempotency-Key: the same key may be retried after retryAfterSeconds.
            return error.response
        } catch {}
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            authAnswer { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in try state.resendOtp(id, env, record: true) }
            }
        }
    }

    /// `POST /v1/auth/ceremonies/{ceremonyId}/device-link` (idempotent) with `{challengeId, transferAck}`.
    func completeDeviceLink(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let id = request.parameter("ceremonyId")
        let challengeId: String
        let transferAck: String
        do throws(AuthFailure) {
            let body = try JSONFields(try authBody(request), path: "body")
            challengeId = try body.string("challengeId", maxLength: 128)
            transferAck = try body.string("transferAck", maxLength: 8192)
        } catch {
            return error.response
        }
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            authAnswer { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in
                    try state.completeDeviceLink(id, challengeId: challengeId, transferAck: transferAck, env)
                }
            }
        }
    }

    /// `POST /v1/auth/ceremonies/{ceremonyId}/cancel` (idempotent, no body).
    func cancelCeremony(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let env = authEnvironment(request)
        let id = request.parameter("ceremonyId")
        return try await idempotent(request) { () throws(APIError) -> HTTPResponse in
            authAnswer { () throws(AuthFailure) -> JSONValue in
                try auth.perform(env) { state, env throws(AuthFailure) in try state.cancel(id, env) }
            }
        }
    }
}
