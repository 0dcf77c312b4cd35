import Crypto
import FolioModel
import FolioWire
import Foundation

/// One answer of `POST .../answer`: `{"type": "<METHOD>", "value": {...}}`.
struct CeremonyAnswer: Sendable {
    var method: FolioAuthMethod
    var fields: JSONFields

    init(_ json: JSONValue?, path: String) throws(AuthFailure) {
        let tagged = try JSONFields.tagged(json, path: path)
        guard let method = FolioAuthMethod(rawValue: tagged.type) else {
            throw .invalidRequest("\(path).type \(tagged.type) is not an answer type")
        }
        guard let fields = tagged.value else { throw .invalidRequest("\(path).value must be an object") }
        self.method = method
        self.fields = fields
    }
}

/// A recovery code made for a NEW_PASSWORD answer, with its verifier (derived before taking the lock).
struct PreparedRecoveryCode: Sendable {
    var code: String
    var salt: [UInt8]
    var verifier: [UInt8]
}

extension AuthState {
    /// The derivation a NEW_PASSWORD answer's recovery code needs, when the ceremony waits for one.
    mutating func recoveryCodeToPrepare(_ id: String, _ env: AuthEnvironment) -> (
        code: String, salt: [UInt8], derivation: AuthPolicy.Derivation
    )? {
        guard let ceremony = ceremonies[id], ceremony.isOpen, ceremony.stage?.current == .newPassword else {
            return nil
        }
        let code = recoveryCode()
        return (code, randomBytes(PasswordHash.saltLength), env.policy(ceremony.organizationId).derivation)
    }

    /// Checks the answer (and the second answer of a two-input step) and moves the ceremony on.
    mutating func answer(
        _ id: String, _ answer: CeremonyAnswer, second: CeremonyAnswer?, prepared: PreparedRecoveryCode?,
        _ env: AuthEnvironment
    ) throws(AuthFailure) -> JSONValue {
        var ceremony = try openCeremony(id, env)
        guard var stage = ceremony.stage else { throw .invalidState("the ceremony waits for no answer") }
        guard answer.method == stage.current else {
            throw .invalidState("the step waits for \(stage.current.rawValue), not \(answer.method.rawValue)")
        }
        if let secondInput = stage.secondInput {
            guard let second, second.method == secondInput else {
                throw .invalidState("this step needs a \(secondInput.rawValue) answer too, sent as secondAnswer")
            }
        } else if second != nil {
            throw .invalidState("this step takes a single answer")
        }
        let policy = env.policy(ceremony.organizationId)
        switch answer.method {
        case .password:
            try checkPassword(answer.fields, ceremony, env)
            if let second, second.method == .totp {
                try checkTotp(second.fields, ceremony, env)
                ceremony.satisfied.insert(.totp)
            } else if let second, let passkey = stage.passkey {
                try checkPasskey(second.fields, passkey, &ceremony, env)
            }
        case .otp:
            try checkOtp(answer.fields, stage, ceremony, env)
        case .totp:
            try checkTotp(answer.fields, ceremony, env)
        case .recoveryCode:
            let proof = try proof(answer.fields, policy)
            try checkCode(ceremony, env, wrongCode: "WRONG_RECOVERY_CODE") { credentials in
                AccountCredentials.matches(proof: proof, verifier: credentials.recoveryVerifier)
            }
        case .newPassword:
            try setNewPassword(answer.fields, stage, prepared, &ceremony, env)
        case .socialRedirect:
            try redirect(answer.fields, &stage, ceremony, env)
            ceremony.stage = stage
            ceremonies[id] = ceremony
            return json(of: ceremony, env)
        case .socialCallback:
            try socialCallback(answer.fields, stage, &ceremony, env)
        case .integratorAttestation:
            try checkAttestation(answer.fields, stage, ceremony, env)
        case .passkey:
            guard let passkey = stage.passkey else { throw .invalidState("no passkey request is open") }
            try checkPasskey(answer.fields, passkey, &ceremony, env)
        case .deviceApproval:
            throw .invalidRequest("answer a DEVICE_APPROVAL step with POST /v1/auth/ceremonies/{id}/device-link")
        }
        ceremony.satisfied.insert(stage.factor)
        try advance(&ceremony, env)
        ceremonies[id] = ceremony
        return json(of: ceremony, env)
    }
}
