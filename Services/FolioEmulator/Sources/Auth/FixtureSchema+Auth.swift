extension FixtureSchema {
    /// Authentication policies: one record without `organizationId` (the default) and one per organization
    /// at most. Every setting is optional (see docs/folio-api.md, "Authentication ceremonies").
    public static let authPolicies = FixtureSchema(
        collection: "authPolicies", required: [:],
        optional: [
            "organizationId": .string, "maxPasswordAttempts": .integer, "maxCodeAttempts": .integer,
            "lockoutSeconds": .integer, "maxStarts": .integer, "startWindowSeconds": .integer, "maxResends": .integer,
            "resendWindowSeconds": .integer, "otpLength": .integer, "otpSeconds": .integer, "totpDigits": .integer,
            "ceremonySeconds": .integer, "sessionSeconds": .integer, "deviceApprovalSeconds": .integer,
            "passkeyTimeoutSeconds": .integer, "passkeyRpId": .string, "derivation": .object,
            "passwordPolicy": .object, "signUp": .boolean, "signUpIntegratorId": .string,
            "anonymousSignIn": .string, "socialProviders": .stringArray, "redirectUris": .stringArray,
        ],
        references: ["organizationId": "organizations", "signUpIntegratorId": "authIntegrators"])

    /// Integrators whose backends sign integrator attestations.
    public static let authIntegrators = FixtureSchema(
        collection: "authIntegrators", required: ["organizationId": .string, "publicKey": .string],
        references: ["organizationId": "organizations"])

    /// The optional authentication fields of `accounts` records.
    static let accountAuthFields: [String: FixtureFieldType] = [
        "password": .string, "recoveryCode": .string, "totpSecret": .string, "passkeyCredentialIds": .stringArray,
        "socialLinks": .array, "integratorId": .string, "requiresTotp": .boolean, "requiresDeviceApproval": .boolean,
        "requiresPasskeyWithPassword": .boolean, "signInMethods": .stringArray, "trustedDeviceIds": .stringArray,
    ]
}
