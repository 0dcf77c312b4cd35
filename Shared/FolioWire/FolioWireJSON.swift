import FolioModel

/// The coders of the Folio API's JSON: times are RFC 3339 UTC strings (fractional seconds optional), and
/// values go to and from the project's ``JSONValue`` without Foundation's JSON coders.
public enum FolioWireJSON {
    /// Reads a shape from a parsed answer or request.
    public static func decode<T: Decodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        try JSONValueDecoder(dateDecoding: .rfc3339).decode(type, from: value)
    }

    /// Writes a shape. `nulls` writes optional members without a value as `null`, as `/v1` answers do;
    /// without it they are left out, as requests leave them.
    public static func encode(_ value: some Encodable, nulls: Bool = false) throws -> JSONValue {
        try JSONValueEncoder(dateEncoding: .rfc3339, nilEncoding: nulls ? .null : .omit).encode(value)
    }
}
