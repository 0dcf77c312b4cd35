import Bus
import FolioModel
import WireModel

/// How the passkey dialog of a `PasskeyRequest` ended, sent in `AuthAnswer.Passkey`.
/// Wire: `{type: 'ASSERTION', value: {credentialId, …}}`, `{type: 'CANCELLED'}`,
/// `{type: 'FAILED', value: {name?, message?}}`.
public enum PasskeyOutcome: WireValue, WireDescribed {
    /// `navigator.credentials.get` returned a credential.
    case assertion(PasskeyAssertion)
    /// The person closed the dialog (the browser's `NotAllowedError`). The step reports PasskeyCancelled.
    case cancelled
    /// The dialog failed otherwise; `name` is the DOMException name. The step reports PasskeyFailed.
    case failed(name: String?, message: String?)

    public var json: JSONValue {
        switch self {
        case .assertion(let assertion): TaggedValue(type: "ASSERTION", value: assertion.json).json
        case .cancelled: Wire.tagged("CANCELLED")
        case .failed(let name, let message):
            Wire.tagged("FAILED", ["name": name.map(JSONValue.string), "message": message.map(JSONValue.string)])
        }
    }

    /// FAILED's fields are all optional, so it may leave `value` out.
    public static var wireSchema: JSONSchema {
        .oneOf(
            [
                .taggedCase("ASSERTION", fields: PasskeyAssertion.ref),
                .taggedCase("CANCELLED"),
                .taggedCaseWithOptionalValue(
                    "FAILED",
                    fields: .closedObject(
                        [
                            "name": JSONSchema.string.described("The DOMException name, at most 256 characters."),
                            "message": JSONSchema.string.described("At most 1024 characters."),
                        ])),
            ], description: "How the passkey dialog ended.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "ASSERTION":
            guard let value = tagged.value else { throw .missing(path + ".value") }
            self = .assertion(try PasskeyAssertion(json: value, path: path + ".value"))
        case "CANCELLED":
            try tagged.noFields()
            self = .cancelled
        case "FAILED":
            let fields = try tagged.fields(["name", "message"])
            self = .failed(
                name: try fields.optionalString("name", .shortText),
                message: try fields.optionalString("message", .text))
        default:
            throw tagged.unknownType(["ASSERTION", "CANCELLED", "FAILED"])
        }
    }
}

/// The parts of WebAuthn's `PublicKeyCredential` and `AuthenticatorAssertionResponse` that Folio checks,
/// each in base64url. Wire: `{credentialId, clientDataJSON, authenticatorData, signature, userHandle?}`.
public struct PasskeyAssertion: WireValue, WireDescribed {
    /// The credential's id (`credential.id`, already base64url in the browser).
    public var credentialId: String
    public var clientDataJSON: String
    public var authenticatorData: String
    public var signature: String
    /// The user handle a discoverable credential returns.
    public var userHandle: String?

    public init(
        credentialId: String, clientDataJSON: String, authenticatorData: String, signature: String,
        userHandle: String? = nil
    ) {
        self.credentialId = credentialId
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }

    public var json: JSONValue {
        Wire.object([
            "credentialId": .string(credentialId), "clientDataJSON": .string(clientDataJSON),
            "authenticatorData": .string(authenticatorData), "signature": .string(signature),
            "userHandle": userHandle.map(JSONValue.string),
        ])
    }

    /// Every member is base64url, at most 16384 characters.
    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "credentialId": .base64URL, "clientDataJSON": .base64URL, "authenticatorData": .base64URL,
                "signature": .base64URL, "userHandle": .base64URL,
            ], required: ["credentialId", "clientDataJSON", "authenticatorData", "signature"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path,
            fields: ["credentialId", "clientDataJSON", "authenticatorData", "signature", "userHandle"])
        self.init(
            credentialId: try object.string("credentialId", .base64URL),
            clientDataJSON: try object.string("clientDataJSON", .base64URL),
            authenticatorData: try object.string("authenticatorData", .base64URL),
            signature: try object.string("signature", .base64URL),
            userHandle: try object.optionalString("userHandle", .base64URL))
    }
}
