import Crypto
import FolioModel
import FolioWire

/// How an organization's ceremonies behave: limits, lifetimes, sign-up and social settings.
///
/// Built from the `authPolicies` fixtures: the built-in defaults, overridden by the record without an
/// `organizationId` (the default policy), overridden by the organization's own record.
struct AuthPolicy: Sendable, Decodable, Equatable {
    /// The Argon2id parameters clients derive password and recovery-code proofs with.
    struct Derivation: Sendable, Decodable, Equatable {
        var opsLimit: UInt64
        var memLimit: Int
        var length: Int

        var limits: PasswordHash.Limits { PasswordHash.Limits(opsLimit: opsLimit, memLimit: memLimit) }

        func json(salt: [UInt8]) -> JSONValue {
            [
                "salt": .string(Base64URL.encode(salt)), "opsLimit": .int(Int64(opsLimit)),
                "memLimit": .int(Int64(memLimit)), "length": .int(Int64(length)),
            ]
        }
    }

    /// What a new password must meet; the client measures it, since Folio never sees the password.
    struct PasswordRule: Sendable, Decodable, Equatable {
        var minLength: Int
        var minCharacterClasses: Int

        var json: JSONValue {
            ["minLength": .int(Int64(minLength)), "minCharacterClasses": .int(Int64(minCharacterClasses))]
        }
    }

    var maxPasswordAttempts: Int
    var maxCodeAttempts: Int
    var lockoutSeconds: Int
    var maxStarts: Int
    var startWindowSeconds: Int
    var maxResends: Int
    var resendWindowSeconds: Int
    var otpLength: Int
    var otpSeconds: Int
    var totpDigits: Int
    var ceremonySeconds: Int
    var sessionSeconds: Int
    var deviceApprovalSeconds: Int
    var passkeyTimeoutSeconds: Int
    var passkeyRpId: String
    var derivation: Derivation
    var passwordPolicy: PasswordRule
    var signUp: Bool
    var signUpIntegratorId: String?
    /// `IDENTIFY` (passkey or social provider) or `GUEST` (a transient guest session at once).
    var anonymousSignIn: String
    var socialProviders: [String]
    /// Redirect URIs allowed besides those under the organization's allowed origins.
    var redirectUris: [String]

    /// The defaults every policy starts from (documented in docs/folio-api.md).
    static let builtIn: JSONObject = [
        "maxPasswordAttempts": 5, "maxCodeAttempts": 5, "lockoutSeconds": 900, "maxStarts": 10,
        "startWindowSeconds": 600, "maxResends": 3, "resendWindowSeconds": 600, "otpLength": 6,
        "otpSeconds": 600, "totpDigits": 6, "ceremonySeconds": 900, "sessionSeconds": 86_400,
        "deviceApprovalSeconds": 300, "passkeyTimeoutSeconds": 120, "passkeyRpId": "localhost",
        "derivation": ["opsLimit": 1, "memLimit": 8192, "length": 32],
        "passwordPolicy": ["minLength": 10, "minCharacterClasses": 2], "signUp": true,
        "anonymousSignIn": "IDENTIFY", "socialProviders": ["GOOGLE"], "redirectUris": [],
    ]

    /// Record fields that are not policy settings.
    private static let recordFields: Set<String> = ["id", "organizationId"]

    /// Every organization's policy, plus the default for organizations without a record.
    static func load(from fixtures: FixtureSet, integrators: [String: AuthIntegrator]) throws(EmulatorError)
        -> (byOrganization: [String: AuthPolicy], fallback: AuthPolicy)
    {
        let records = fixtures["authPolicies"]
        let defaults = records.filter { $0.value["organizationId"]?.stringValue == nil }
        if defaults.count > 1, let second = defaults.dropFirst().first {
            throw .invalidFixture(second.file, "authPolicies \(second.id): a second policy without organizationId")
        }
        var base = builtIn
        if let record = defaults.first { base.merge(try settings(of: record), uniquingKeysWith: { _, new in new }) }
        let fallback = try policy(base, record: defaults.first, integrators: integrators)
        var byOrganization: [String: AuthPolicy] = [:]
        for record in records {
            guard let organizationId = record.value["organizationId"]?.stringValue else { continue }
            guard byOrganization[organizationId] == nil else {
                throw .invalidFixture(record.file, "authPolicies \(record.id): \(organizationId) already has a policy")
            }
            let merged = base.merging(try settings(of: record), uniquingKeysWith: { _, new in new })
            byOrganization[organizationId] = try policy(merged, record: record, integrators: integrators)
        }
        return (byOrganization, fallback)
    }

    private static func settings(of record: FixtureRecord) throws(EmulatorError) -> JSONObject {
        guard let members = record.value.objectValue else { return [:] }
        var settings: JSONObject = [:]
        for (name, value) in members where !recordFields.contains(name) {
            guard builtIn[name] != nil || name == "signUpIntegratorId" else {
                throw .invalidFixture(record.file, "authPolicies \(record.id): unknown setting \"\(name)\"")
            }
            settings[name] = value
        }
        return settings
    }

    private static func policy(
        _ settings: JSONObject, record: FixtureRecord?, integrators: [String: AuthIntegrator]
    ) throws(EmulatorError) -> AuthPolicy {
        let file = record?.file ?? "(built-in)"
        let name = "authPolicies \(record?.id ?? "default")"
        let policy: AuthPolicy
        do {
            policy = try JSONValue.object(settings).decode(AuthPolicy.self)
        } catch {
            throw .invalidFixture(file, "\(name): \(error)")
        }
        let organizationId = record?.value["organizationId"]?.stringValue
        if let problem = policy.problem(integrators: integrators, organizationId: organizationId) {
            throw .invalidFixture(file, "\(name): \(problem)")
        }
        return policy
    }

    /// What is wrong with the settings, or nil.
    private func problem(integrators: [String: AuthIntegrator], organizationId: String?) -> String? {
        let positive: [(String, Int)] = [
            ("maxPasswordAttempts", maxPasswordAttempts), ("maxCodeAttempts", maxCodeAttempts),
            ("lockoutSeconds", lockoutSeconds), ("maxStarts", maxStarts), ("startWindowSeconds", startWindowSeconds),
            ("maxResends", maxResends), ("resendWindowSeconds", resendWindowSeconds), ("otpSeconds", otpSeconds),
            ("ceremonySeconds", ceremonySeconds), ("sessionSeconds", sessionSeconds),
            ("deviceApprovalSeconds", deviceApprovalSeconds), ("passkeyTimeoutSeconds", passkeyTimeoutSeconds),
        ]
        if let (field, _) = positive.first(where: { $0.1 < 1 }) { return "\(field) must be at least 1" }
        guard (4...10).contains(otpLength) else { return "otpLength must be from 4 to 10" }
        guard (6...8).contains(totpDigits) else { return "totpDigits must be from 6 to 8" }
        guard (16...64).contains(derivation.length) else { return "derivation.length must be from 16 to 64" }
        guard derivation.opsLimit >= 1, derivation.memLimit >= 8192 else {
            return "derivation needs opsLimit >= 1 and memLimit >= 8192"
        }
        guard passwordPolicy.minLength >= 1, (0...4).contains(passwordPolicy.minCharacterClasses) else {
            return "passwordPolicy needs minLength >= 1 and minCharacterClasses from 0 to 4"
        }
        guard anonymousSignIn == "IDENTIFY" || anonymousSignIn == "GUEST" else {
            return "anonymousSignIn must be IDENTIFY or GUEST"
        }
        if let unknown = socialProviders.first(where: { FolioSocialProvider(rawValue: $0) == nil }) {
            return "unknown social provider \(unknown)"
        }
        if let id = signUpIntegratorId {
            guard let integrator = integrators[id] else {
                return "signUpIntegratorId \(id) is not an authIntegrators id"
            }
            if let organizationId, integrator.organizationId != organizationId {
                return "signUpIntegratorId \(id) is not an integrator of \(organizationId)"
            }
        }
        return nil
    }
}
