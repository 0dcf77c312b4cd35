import FolioModel

/// The body of `POST /v1/auth/ceremonies`.
struct CeremonyStart: Sendable {
    var organizationId: String
    var kind: Ceremony.Kind
    var identifier: AuthIdentifier?
    /// RECOVERY: the waiting sign-in it continues.
    var continuesCeremonyId: String?
    /// VERIFICATION: the session to verify and the operation it is bound to.
    var sessionId: String?
    var operation: JSONValue?
    var device: AuthDevice
    var supportsPasskeys: Bool

    init(_ body: JSONValue) throws(AuthFailure) {
        let fields = try JSONFields(body, path: "body")
        organizationId = try fields.string("organizationId", maxLength: 128)
        let device = try fields.object("device")
        self.device = AuthDevice(
            id: try device.string("id", maxLength: 128), platform: try device.tagged("platform").type,
            fingerprint: try device.string("fingerprint", maxLength: 512))
        supportsPasskeys = try fields.bool("supportsPasskeys")
        let kind = try fields.tagged("kind")
        switch kind.type {
        case "SIGN_IN":
            self.kind = .signIn
            if let value = kind.value, let identifier = try value.optionalObject("identifier") {
                self.identifier = try Self.identifier(identifier)
            }
        case "RECOVERY":
            self.kind = .recovery
            guard let value = kind.value else { throw .invalidRequest("body.kind.value must be an object") }
            if let identifier = try value.optionalObject("identifier") {
                self.identifier = try Self.identifier(identifier)
            }
            continuesCeremonyId = try value.optionalString("continuesCeremonyId", maxLength: 128)
            guard (identifier == nil) != (continuesCeremonyId == nil) else {
                throw .invalidRequest("a RECOVERY needs exactly one of identifier and continuesCeremonyId")
            }
        case "VERIFICATION":
            self.kind = .verification
            guard let value = kind.value else { throw .invalidRequest("body.kind.value must be an object") }
            sessionId = try value.string("sessionId", maxLength: 128)
            if let operation = try value.optionalObject("operation") {
                var members: JSONObject = [
                    "operationType": ["type": .string(try operation.tagged("operationType").type)],
                    "binding": .string(try operation.string("binding")),
                ]
                let displayText = try operation.optionalString("displayText")
                members["displayText"] = displayText.map { .string($0) } ?? .null
                self.operation = .object(members)
            }
        default:
            throw .invalidRequest("body.kind.type must be SIGN_IN, RECOVERY or VERIFICATION")
        }
    }

    /// The rate-limit key of starts: the identifier, or the device for starts without one.
    var rateLimitKey: String {
        if let identifier { return "start|" + identifier.key(organizationId: organizationId) }
        return "start|\(organizationId)|device|\(device.id)"
    }

    private static func identifier(_ fields: JSONFields) throws(AuthFailure) -> AuthIdentifier {
        let tagged = try JSONFields.tagged(fields.value, path: fields.path)
        guard let value = try tagged.value?.string("value", maxLength: 254) else {
            throw .invalidRequest("\(fields.path).value.value must be a string")
        }
        switch tagged.type {
        case "EMAIL":
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !value.contains(where: \.isWhitespace)
            else { throw .invalidRequest("\(fields.path) is not a valid email address") }
            return .email(value)
        case "PHONE":
            let digits = value.dropFirst()
            guard value.hasPrefix("+"), (7...15).contains(digits.count), digits.first != "0",
                digits.allSatisfy({ $0.isASCII && $0.isNumber })
            else { throw .invalidRequest("\(fields.path) must be an E.164 number such as +14155550123") }
            return .phone(value)
        default:
            throw .invalidRequest("\(fields.path).type must be EMAIL or PHONE")
        }
    }
}
