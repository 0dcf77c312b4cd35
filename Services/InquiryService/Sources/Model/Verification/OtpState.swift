import Bus
import FolioModel
import WireModel

/// The states of an EMAIL_OTP or PHONE_OTP step (docs/inquiry-store.md, "EMAIL_OTP and PHONE_OTP"). The two
/// kinds differ only in VERIFY.
public enum OtpState: Hashable, Sendable {
    case verifyEmail(VerificationPanel, EmailContact)
    case verifyPhone(VerificationPanel, PhoneContact)
    /// The inquiry already holds the address or number: SUBMIT asks for the code.
    case bound(VerificationPanel, footer: String)
    case confirm(VerificationPanel, CodeEntry)
    case outcome(VerificationOutcomeState)

    var json: JSONValue {
        switch self {
        case .verifyEmail(let panel, let contact):
            TaggedValue(
                type: "VERIFY",
                value: panel.members([
                    "contactField": .string(contact.contactField), "label": .string(contact.label),
                    "placeholder": contact.placeholder.map(JSONValue.string),
                    "value": contact.value.map(JSONValue.string),
                ])
            ).json
        case .verifyPhone(let panel, let contact):
            TaggedValue(
                type: "VERIFY",
                value: panel.members([
                    "contactField": .string(contact.contactField), "label": .string(contact.label),
                    "input": contact.input.json, "countryOptions": Wire.array(contact.countryOptions),
                ])
            ).json
        case .bound(let panel, let footer):
            TaggedValue(type: "BOUND", value: panel.members(["footer": .string(footer)])).json
        case .confirm(let panel, let entry):
            TaggedValue(
                type: "CONFIRM",
                value: panel.members([
                    "codeField": .string(entry.codeField), "code": entry.code.json,
                    "confirmLimit": .int(entry.confirmLimit), "codeTtl": .int(entry.codeTtl),
                ])
            ).json
        case .outcome(let outcome): outcome.json
        }
    }

    init(json: JSONValue, path: String, phone: Bool) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        if let outcome = try VerificationOutcomeState.read(tagged) {
            self = .outcome(outcome)
            return
        }
        let panelFields = VerificationPanel.fields
        switch tagged.type {
        case "VERIFY" where phone:
            let fields = try tagged.fields(panelFields + ["contactField", "label", "input", "countryOptions"])
            self = .verifyPhone(
                try VerificationPanel(fields),
                PhoneContact(
                    contactField: try fields.text("contactField"), label: try fields.text("label"),
                    input: try fields.value("input"), countryOptions: try fields.array("countryOptions", maxCount: 300))
            )
        case "VERIFY":
            let fields = try tagged.fields(panelFields + ["contactField", "label", "placeholder", "value"])
            self = .verifyEmail(
                try VerificationPanel(fields),
                EmailContact(
                    contactField: try fields.text("contactField"), label: try fields.text("label"),
                    placeholder: try fields.optionalText("placeholder"), value: try fields.optionalText("value")))
        case "BOUND":
            let fields = try tagged.fields(panelFields + ["footer"])
            self = .bound(try VerificationPanel(fields), footer: try fields.text("footer"))
        case "CONFIRM":
            let fields = try tagged.fields(panelFields + ["codeField", "code", "confirmLimit", "codeTtl"])
            self = .confirm(
                try VerificationPanel(fields),
                CodeEntry(
                    codeField: try fields.text("codeField"), code: try fields.value("code"),
                    confirmLimit: try fields.int64("confirmLimit"), codeTtl: try fields.int64("codeTtl")))
        default:
            throw tagged.unknownType(["VERIFY", "BOUND", "CONFIRM"] + VerificationOutcomeState.types)
        }
    }

    /// The schema of one kind's states (``EmailOtpState``, ``PhoneOtpState``): they differ only in VERIFY.
    static func schema(phone: Bool) -> JSONSchema {
        let contactField = JSONSchema.string.described("Where the step's errors are placed; the email is edited here.")
        let verify =
            phone
            ? VerificationPanel.schema(
                [
                    "contactField": contactField, "label": .string, "input": PhoneInputView.ref,
                    "countryOptions": .array(PhoneDialCodeOptionView.ref),
                ], required: ["contactField", "label", "input", "countryOptions"])
            : VerificationPanel.schema(
                ["contactField": contactField, "label": .string, "placeholder": .string, "value": .string],
                required: ["contactField", "label"])
        return .oneOf(
            [
                .taggedCase("VERIFY", fields: verify),
                .taggedCase(
                    "BOUND",
                    fields: VerificationPanel.schema(
                        ["footer": JSONSchema.string.described("SUBMIT asks Folio for the code.")],
                        required: ["footer"])),
                .taggedCase(
                    "CONFIRM",
                    fields: VerificationPanel.schema(
                        [
                            "codeField": JSONSchema.string.described("EDIT the code under this key, as TEXT."),
                            "code": OtpCodeView.ref,
                            "confirmLimit": JSONSchema.integer.described("How many codes may be tried."),
                            "codeTtl": JSONSchema.integer.described("The seconds a code lives."),
                        ], required: ["codeField", "code", "confirmLimit", "codeTtl"])),
            ] + VerificationOutcomeState.caseSchemas)
    }

    /// The field this state's errors are placed at: `contactField` in VERIFY, `codeField` in CONFIRM.
    var errorField: String? {
        switch self {
        case .verifyEmail(_, let contact): contact.contactField
        case .verifyPhone(_, let contact): contact.contactField
        case .confirm(_, let entry): entry.codeField
        case .bound, .outcome: nil
        }
    }
}

/// The wire shape of an EMAIL_OTP step's state: an ``OtpState`` whose VERIFY takes an email address.
public enum EmailOtpState: WireDescribed {
    public static var wireSchema: JSONSchema { OtpState.schema(phone: false) }
}

/// The wire shape of a PHONE_OTP step's state: an ``OtpState`` whose VERIFY takes a phone number.
public enum PhoneOtpState: WireDescribed {
    public static var wireSchema: JSONSchema { OtpState.schema(phone: true) }
}

/// The email address of an email VERIFY, edited as TEXT under `contactField`.
public struct EmailContact: Hashable, Sendable {
    public var contactField: String
    public var label: String
    public var placeholder: String?
    public var value: String?
}

/// The number of a phone VERIFY: edited through `input`'s two ids like a PHONE field, submitted under
/// `contactField`.
public struct PhoneContact: Hashable, Sendable {
    public var contactField: String
    public var label: String
    public var input: PhoneInputView
    public var countryOptions: [PhoneDialCodeOptionView]
}

/// The code of CONFIRM, edited as TEXT under `codeField`.
public struct CodeEntry: Hashable, Sendable {
    public var codeField: String
    public var code: OtpCodeView
    public var confirmLimit: Int64
    public var codeTtl: Int64
}

/// Wire: `{length, groups, value, formatted}`.
public struct OtpCodeView: WireValue, WireDescribed, Hashable {
    public var length: Int64
    public var groups: Int64
    public var value: String
    public var formatted: String

    public init(length: Int64, groups: Int64, value: String, formatted: String) {
        self.length = length
        self.groups = groups
        self.value = value
        self.formatted = formatted
    }

    public var json: JSONValue {
        ["length": .int(length), "groups": .int(groups), "value": .string(value), "formatted": .string(formatted)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "length": JSONSchema(["type": "integer", "minimum": 1, "maximum": 32]),
                "groups": JSONSchema(["type": "integer", "minimum": 1]).described("At most length."),
                "value": JSONSchema.string.described("The digits typed."),
                "formatted": JSONSchema.string.described("value in groups joined by a space, e.g. 123 456."),
            ], required: ["length", "groups", "value", "formatted"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["length", "groups", "value", "formatted"])
        length = try fields.int64("length")
        guard (1...32).contains(length) else { throw .invalid(fields.path("length"), "must be 1 to 32") }
        groups = try fields.int64("groups")
        guard (1...length).contains(groups) else { throw .invalid(fields.path("groups"), "must be 1 to length") }
        value = try fields.text("value")
        formatted = try fields.text("formatted")
    }

    /// The code with `typed`'s digits kept, up to `length`, and `formatted` split into `groups` groups of equal
    /// size (the first groups take the remainder) joined by a space.
    func typing(_ typed: String) -> OtpCodeView {
        let digits = String(
            typed.unicodeScalars.filter { ("0"..."9").contains($0) }.prefix(Int(length)).map(Character.init))
        var copy = self
        copy.value = digits
        copy.formatted = Self.grouped(digits, length: Int(length), groups: Int(groups))
        return copy
    }

    static func grouped(_ digits: String, length: Int, groups: Int) -> String {
        let base = length / groups
        let extra = length % groups
        var parts: [Substring] = []
        var rest = Substring(digits)
        for index in 0..<groups where !rest.isEmpty {
            let size = base + (index < extra ? 1 : 0)
            parts.append(rest.prefix(size))
            rest = rest.dropFirst(size)
        }
        return parts.joined(separator: " ")
    }
}
