import FolioModel
import FolioWire

/// What a sign-in or recovery was started for: an email address or an E.164 phone number.
enum AuthIdentifier: Sendable, Equatable {
    case email(String)
    case phone(String)

    var json: JSONValue {
        switch self {
        case .email(let value): ["type": "EMAIL", "value": ["value": .string(value)]]
        case .phone(let value): ["type": "PHONE", "value": ["value": .string(value)]]
        }
    }

    /// The rate-limit key: organization and identifier, case-folded.
    func key(organizationId: String) -> String {
        switch self {
        case .email(let value): "\(organizationId)|email|\(value.lowercased())"
        case .phone(let value): "\(organizationId)|phone|\(value)"
        }
    }
}

/// The device a ceremony runs on.
struct AuthDevice: Sendable, Equatable {
    var id: String
    /// The Platform type, e.g. `WEB`, `IOS`, `ANDROID`.
    var platform: String
    var fingerprint: String
}

/// A field-by-field reader of request JSON whose errors name the field.
struct JSONFields: Sendable {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue?, path: String) throws(AuthFailure) {
        guard let value, case .object = value else { throw .invalidRequest("\(path) must be an object") }
        self.value = value
        self.path = path
    }

    func string(_ name: String, maxLength: Int = 4096) throws(AuthFailure) -> String {
        guard let text = value[name]?.stringValue, !text.isEmpty else {
            throw .invalidRequest("\(path).\(name) must be a non-empty string")
        }
        guard text.utf8.count <= maxLength else {
            throw .invalidRequest("\(path).\(name) is longer than \(maxLength) bytes")
        }
        return text
    }

    func optionalString(_ name: String, maxLength: Int = 4096) throws(AuthFailure) -> String? {
        guard let field = value[name], !field.isNull else { return nil }
        guard field.stringValue != nil else { throw .invalidRequest("\(path).\(name) must be a string") }
        return try string(name, maxLength: maxLength)
    }

    func bool(_ name: String) throws(AuthFailure) -> Bool {
        guard let flag = value[name]?.boolValue else { throw .invalidRequest("\(path).\(name) must be a boolean") }
        return flag
    }

    func int(_ name: String) throws(AuthFailure) -> Int64 {
        guard let number = value[name]?.intValue else {
            throw .invalidRequest("\(path).\(name) must be an integer")
        }
        return number
    }

    func object(_ name: String) throws(AuthFailure) -> JSONFields {
        try JSONFields(value[name], path: "\(path).\(name)")
    }

    func optionalObject(_ name: String) throws(AuthFailure) -> JSONFields? {
        guard let field = value[name], !field.isNull else { return nil }
        return try JSONFields(field, path: "\(path).\(name)")
    }

    /// A `{"type": "...", "value": {...}}` field: the type and the value's fields (nil when absent).
    func tagged(_ name: String) throws(AuthFailure) -> (type: String, value: JSONFields?) {
        try JSONFields.tagged(value[name], path: "\(path).\(name)")
    }

    static func tagged(_ json: JSONValue?, path: String) throws(AuthFailure) -> (
        type: String, value: JSONFields?
    ) {
        let fields = try JSONFields(json, path: path)
        let type = try fields.string("type", maxLength: 64)
        return (type, try fields.optionalObject("value"))
    }
}

extension JSONValue {
    /// True when an object anywhere inside has a member named `password` (any case).
    var containsPasswordField: Bool {
        switch self {
        case .object(let members):
            members.contains { $0.key.lowercased() == "password" || $0.value.containsPasswordField }
        case .array(let elements): elements.contains { $0.containsPasswordField }
        default: false
        }
    }
}
