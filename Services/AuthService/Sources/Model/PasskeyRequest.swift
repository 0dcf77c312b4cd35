import Bus
import FolioModel
import WireModel

/// The passkey dialog the hosted SDK asks the client to show, carried by `Busy.passkeyRequest`.
///
/// The client passes `publicKey` to `navigator.credentials.get({publicKey})` after turning the base64url
/// fields (`challenge`, `allowCredentials[].id`) into ArrayBuffers, then dispatches Answer with
/// `AuthAnswer.Passkey {requestId, outcome}`. Wire: `{requestId, publicKey}`.
public struct PasskeyRequest: WireValue, WireDescribed {
    /// Names this dialog; the answer must carry it, so an answer to an older dialog is not taken for this one.
    public var requestId: String
    public var publicKey: PasskeyRequestOptions

    public init(requestId: String, publicKey: PasskeyRequestOptions) {
        self.requestId = requestId
        self.publicKey = publicKey
    }

    public var json: JSONValue { ["requestId": .string(requestId), "publicKey": publicKey.json] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "requestId": JSONSchema.string.described("Names this dialog; the Passkey answer must carry it."),
                "publicKey": PasskeyRequestOptions.ref,
            ], required: ["requestId", "publicKey"], description: "The passkey dialog the client must show.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["requestId", "publicKey"])
        self.init(requestId: try object.string("requestId", .modelText), publicKey: try object.value("publicKey"))
    }
}

/// WebAuthn's `PublicKeyCredentialRequestOptions` with base64url strings for its binary fields; the member
/// names and strings are WebAuthn's own, so the object goes to `navigator.credentials.get` nearly unchanged.
/// Wire: `{challenge, rpId, allowCredentials, userVerification, timeout?}`.
public struct PasskeyRequestOptions: WireValue, WireDescribed {
    /// base64url of the challenge bytes Folio issued.
    public var challenge: String
    /// The relying party id (a domain).
    public var rpId: String
    /// The credentials that may answer; empty lets the person pick a discoverable passkey.
    public var allowCredentials: [PasskeyCredentialDescriptor]
    public var userVerification: PasskeyUserVerification
    /// How long the dialog may stay open, in milliseconds.
    public var timeout: UInt64?

    public init(
        challenge: String, rpId: String, allowCredentials: [PasskeyCredentialDescriptor] = [],
        userVerification: PasskeyUserVerification = .preferred, timeout: UInt64? = nil
    ) {
        self.challenge = challenge
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.userVerification = userVerification
        self.timeout = timeout
    }

    public var json: JSONValue {
        Wire.object([
            "challenge": .string(challenge), "rpId": .string(rpId), "allowCredentials": Wire.array(allowCredentials),
            "userVerification": userVerification.json, "timeout": timeout.map(Wire.number),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "challenge": JSONSchema.string.described("base64url of the challenge bytes."),
                "rpId": JSONSchema.string.described("The relying party id (a domain)."),
                "allowCredentials": JSONSchema.array(PasskeyCredentialDescriptor.ref).described(
                    "The credentials that may answer; empty lets the person pick a discoverable passkey."),
                "userVerification": PasskeyUserVerification.ref,
                "timeout": JSONSchema.nonNegativeInteger.described("Milliseconds; absent when Folio sets none."),
            ], required: ["challenge", "rpId", "allowCredentials", "userVerification"],
            description: "WebAuthn's PublicKeyCredentialRequestOptions, binary members in base64url.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path, fields: ["challenge", "rpId", "allowCredentials", "userVerification", "timeout"])
        self.init(
            challenge: try object.string("challenge", .modelText), rpId: try object.string("rpId", .modelText),
            allowCredentials: try object.array("allowCredentials", maxCount: .max),
            userVerification: try object.value("userVerification"), timeout: try object.optionalUInt64("timeout"))
    }
}

/// WebAuthn's `PublicKeyCredentialDescriptor`: `{type: 'public-key', id, transports?}`, id in base64url.
public struct PasskeyCredentialDescriptor: WireValue, WireDescribed {
    public var id: String
    /// WebAuthn transport hints such as `internal`, `hybrid`, `usb`; left out of the wire when empty.
    public var transports: [String]

    public init(id: String, transports: [String] = []) {
        self.id = id
        self.transports = transports
    }

    public var json: JSONValue {
        Wire.object([
            "type": "public-key", "id": .string(id),
            "transports": transports.isEmpty ? JSONValue?.none : .array(transports.map(JSONValue.string)),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "type": .constant("public-key"), "id": JSONSchema.string.described("base64url of the credential id."),
                "transports": JSONSchema.array(.string).described(
                    "WebAuthn transport hints such as internal, hybrid, usb; absent when empty."),
            ], required: ["type", "id"], description: "WebAuthn's PublicKeyCredentialDescriptor.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["type", "id", "transports"])
        guard try object.string("type", .modelText) == "public-key" else {
            throw .invalid(object.path("type"), "must be \"public-key\"")
        }
        var transports: [String] = []
        if let list = object.optional("transports") {
            guard case .array(let elements) = list else {
                throw .wrongType(object.path("transports"), expected: "an array of strings")
            }
            for element in elements {
                guard case .string(let transport) = element else {
                    throw .wrongType(object.path("transports"), expected: "an array of strings")
                }
                transports.append(transport)
            }
        }
        self.init(id: try object.string("id", .modelText), transports: transports)
    }
}

/// WebAuthn's `UserVerificationRequirement`; on the wire WebAuthn's own string (`"preferred"`), because the
/// options object is handed to the browser as it is.
public enum PasskeyUserVerification: String, Sendable, CaseIterable {
    case required
    case preferred
    case discouraged
}

extension PasskeyUserVerification: WireValue, WireDescribed {
    public var json: JSONValue { .string(rawValue) }

    public static var wireSchema: JSONSchema { .enumeration(allCases.map(\.rawValue)) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .string(let text) = json, let value = PasskeyUserVerification(rawValue: text) else {
            throw .wrongType(path, expected: "one of \"required\", \"preferred\", \"discouraged\"")
        }
        self = value
    }

    // Spelled out: RawRepresentable's own Codable (a bare string) would be ambiguous with WireValue's.
    public init(from decoder: any Decoder) throws { try self.init(json: try JSONValue(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try json.encode(to: encoder) }
}
