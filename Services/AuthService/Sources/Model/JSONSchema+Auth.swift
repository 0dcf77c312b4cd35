import Bus

/// Schema parts the AuthStore and SessionStore wire types share.
extension JSONSchema {
    /// An Int64 or UInt64 written as a JSON number that is never negative (a UInt64 above Int64's range is
    /// written as Int64's maximum).
    static let nonNegativeInteger = JSONSchema(["type": "integer", "minimum": 0])

    /// A string of base64url characters without padding.
    static let base64URL = JSONSchema(["type": "string", "pattern": "^[A-Za-z0-9_-]+$"])

    /// A string of printable ASCII without spaces: ids that Folio or the service handed out.
    static let token = JSONSchema(["type": "string", "pattern": "^[!-~]+$"])

    /// `{type: <type>}` with `value` holding `fields` or left out: a case whose fields are all optional, which
    /// the reader takes without `value`.
    static func taggedCaseWithOptionalValue(_ type: String, fields: JSONSchema) -> JSONSchema {
        closedObject(["type": .constant(.string(type)), "value": fields], required: ["type"])
    }
}
