import Bus
import FolioModel
import WireModel

/// What a ceremony is for (spec "Start a ceremony"). Wire: `{type: 'SIGN_IN', value: {value: NewSession}}`,
/// `{type: 'RECOVERY', value: {identifier?}}`, `{type: 'VERIFICATION', value: {value: VerificationRequirement}}`.
public enum AuthStart: WireValue, WireDescribed {
    case signIn(value: NewSession)
    /// Recovers an account; started while a sign-in waits for input, it continues from that sign-in.
    case recovery(identifier: AuthIdentifierInput?)
    /// Confirms that the signed-in person is really them; does not change the session's identity.
    case verification(value: VerificationRequirement)

    /// The identifier the ceremony was started with: what ResendOtp starts again with. nil for an anonymous
    /// sign-in, a recovery without one, and a verification.
    public var identifier: AuthIdentifierInput? {
        switch self {
        case .signIn(.withIdentifier(let identifier)): identifier
        case .recovery(let identifier): identifier
        case .signIn(.anonymous), .verification: nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .signIn(let value): Wire.tagged("SIGN_IN", ["value": value.json])
        case .recovery(let identifier): Wire.tagged("RECOVERY", ["identifier": identifier?.json])
        case .verification(let value): Wire.tagged("VERIFICATION", ["value": value.json])
        }
    }

    /// RECOVERY's fields are all optional, so it may leave `value` out.
    public static var wireSchema: JSONSchema {
        .oneOf(
            [
                .taggedCase("SIGN_IN", fields: .closedObject(["value": NewSession.ref], required: ["value"])),
                .taggedCaseWithOptionalValue(
                    "RECOVERY", fields: .closedObject(["identifier": AuthIdentifierInput.ref])),
                .taggedCase(
                    "VERIFICATION", fields: .closedObject(["value": VerificationRequirement.ref], required: ["value"])),
            ], description: "What a ceremony is for.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "SIGN_IN": self = .signIn(value: try tagged.fields(["value"]).value("value"))
        case "RECOVERY": self = .recovery(identifier: try tagged.fields(["identifier"]).optionalValue("identifier"))
        case "VERIFICATION": self = .verification(value: try tagged.fields(["value"]).value("value"))
        default: throw tagged.unknownType(["SIGN_IN", "RECOVERY", "VERIFICATION"])
        }
    }
}
