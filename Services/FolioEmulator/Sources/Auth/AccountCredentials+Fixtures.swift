import Crypto
import FolioModel
import FolioWire

extension AccountCredentials {
    /// The authentication fields of an `accounts` fixture record (all optional).
    private struct Fixture: Decodable {
        struct Link: Decodable {
            var provider: String
            var subject: String
        }

        var id: String
        var organizationId: String
        var password: String?
        var recoveryCode: String?
        var totpSecret: String?
        var passkeyCredentialIds: [String]?
        var socialLinks: [Link]?
        var integratorId: String?
        var requiresTotp: Bool?
        var requiresDeviceApproval: Bool?
        var requiresPasskeyWithPassword: Bool?
        var signInMethods: [String]?
        var trustedDeviceIds: [String]?
    }

    private static let firstFactorMethods: Set<FolioAuthMethod> = [.password, .otp, .passkey, .socialRedirect]

    /// Reads the credentials of the fixture accounts, turning test passwords and recovery codes into
    /// verifiers (Argon2id with the organization's derivation: blocking, run on the start thread).
    static func load(
        from fixtures: FixtureSet, policy: (String) -> AuthPolicy, integrators: [String: AuthIntegrator]
    ) throws(EmulatorError) -> [String: AccountCredentials] {
        var result: [String: AccountCredentials] = [:]
        var passkeyOwners: [String: String] = [:]
        for record in fixtures["accounts"] {
            func invalid(_ detail: String) -> EmulatorError {
                .invalidFixture(record.file, "accounts \(record.id): \(detail)")
            }
            let fixture: Fixture
            do {
                fixture = try record.value.decode(Fixture.self)
            } catch {
                throw invalid("\(error)")
            }
            var credentials = AccountCredentials(accountId: fixture.id, organizationId: fixture.organizationId)
            let derivation = policy(fixture.organizationId).derivation
            do {
                if let password = fixture.password {
                    let proof = try proof(
                        of: normalizedPassword(password), salt: credentials.passwordSalt, derivation: derivation)
                    credentials.passwordVerifier = verifier(ofProof: proof)
                }
                if let code = fixture.recoveryCode {
                    let proof = try proof(
                        of: normalizedRecoveryCode(code), salt: credentials.recoverySalt, derivation: derivation)
                    credentials.recoveryVerifier = verifier(ofProof: proof)
                }
            } catch {
                throw invalid("cannot derive the verifiers: \(error)")
            }
            if let secret = fixture.totpSecret {
                guard let bytes = try? TOTP.base32Decode(secret), bytes.count >= TOTP.minimumSecretLength else {
                    throw invalid("totpSecret must be base32 of at least \(TOTP.minimumSecretLength) bytes")
                }
                credentials.totpSecret = bytes
            }
            for id in fixture.passkeyCredentialIds ?? [] {
                if let owner = passkeyOwners[id] {
                    throw invalid("passkey credential \(id) already belongs to \(owner)")
                }
                passkeyOwners[id] = fixture.id
            }
            credentials.passkeyCredentialIds = fixture.passkeyCredentialIds ?? []
            for link in fixture.socialLinks ?? [] {
                guard let provider = FolioSocialProvider(rawValue: link.provider) else {
                    throw invalid("unknown social provider \(link.provider)")
                }
                credentials.socialLinks.append(SocialLink(provider: provider, subject: link.subject))
            }
            if let integratorId = fixture.integratorId {
                guard integrators[integratorId]?.organizationId == fixture.organizationId else {
                    throw invalid("integratorId \(integratorId) is not an integrator of \(fixture.organizationId)")
                }
                credentials.integratorId = integratorId
            }
            credentials.requiresTotp = fixture.requiresTotp ?? false
            credentials.requiresDeviceApproval = fixture.requiresDeviceApproval ?? false
            credentials.requiresPasskeyWithPassword = fixture.requiresPasskeyWithPassword ?? false
            credentials.trustedDeviceIds = fixture.trustedDeviceIds ?? []
            if let names = fixture.signInMethods {
                let methods = names.compactMap(FolioAuthMethod.init(rawValue:))
                guard methods.count == names.count, !methods.isEmpty,
                    methods.allSatisfy(firstFactorMethods.contains)
                else {
                    throw invalid("signInMethods must list PASSWORD, OTP, PASSKEY or SOCIAL_REDIRECT")
                }
                credentials.signInMethods = methods
            }
            if credentials.requiresTotp, credentials.totpSecret == nil {
                throw invalid("requiresTotp needs totpSecret")
            }
            if credentials.requiresPasskeyWithPassword,
                credentials.passwordVerifier == nil || credentials.passkeyCredentialIds.isEmpty
            {
                throw invalid("requiresPasskeyWithPassword needs password and passkeyCredentialIds")
            }
            result[fixture.id] = credentials
        }
        return result
    }
}
