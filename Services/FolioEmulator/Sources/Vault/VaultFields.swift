import FolioModel
import FolioWire

/// A field-by-field reader of vault request bodies whose errors name the field.
struct VaultFields {
    let value: JSONValue

    /// The request's JSON object body.
    init(_ request: EmulatorRequest) throws(VaultFailure) {
        let body: JSONValue
        do throws(APIError) {
            body = try request.jsonBody()
        } catch {
            throw VaultFailure(error)
        }
        guard case .object = body else { throw .invalidRequest("the body must be a JSON object") }
        value = body
    }

    init(object: JSONValue, path: String) throws(VaultFailure) {
        guard case .object = object else { throw .invalidRequest("\(path) must be an object") }
        value = object
    }

    func has(_ name: String) -> Bool {
        guard let field = value[name] else { return false }
        return !field.isNull
    }

    func string(_ name: String, maxLength: Int) throws(VaultFailure) -> String {
        guard let text = value[name]?.stringValue, !text.isEmpty else {
            throw .invalidRequest("\(name) must be a non-empty string")
        }
        guard text.utf8.count <= maxLength else { throw .invalidRequest("\(name) is longer than \(maxLength) bytes") }
        return text
    }

    func optionalString(_ name: String, maxLength: Int) throws(VaultFailure) -> String? {
        has(name) ? try string(name, maxLength: maxLength) : nil
    }

    func int(_ name: String, _ range: ClosedRange<Int64>) throws(VaultFailure) -> Int64 {
        guard let number = value[name]?.intValue, range.contains(number) else {
            throw .invalidRequest("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// The `type` of a `{"type": "..."}` field.
    func type(_ name: String) throws(VaultFailure) -> String {
        guard let type = value[name]?["type"]?.stringValue, !type.isEmpty else {
            throw .invalidRequest("\(name) must be {\"type\": \"...\"}")
        }
        return type
    }

    /// A base64url field of 1 to `maxBytes` bytes (exactly `exact` when given): the text as sent and the
    /// decoded bytes.
    func bytes(_ name: String, maxBytes: Int, exact: Int? = nil) throws(VaultFailure) -> (text: String, bytes: [UInt8])
    {
        let text = try string(name, maxLength: (maxBytes + 2) / 3 * 4)
        // Ciphertext, wrapped keys and public keys: no secret, so the table-driven decoder of the wire types
        // reads them rather than libsodium's constant-time one (a push of 10,000 records spent 5% of the host's
        // CPU in the latter).
        guard let bytes = FolioBytes(base64URL: text)?.bytes else {
            throw .invalidRequest("\(name) must be unpadded base64url")
        }
        if let exact, bytes.count != exact { throw .invalidRequest("\(name) must be \(exact) bytes") }
        guard bytes.count <= maxBytes else { throw .invalidRequest("\(name) is larger than \(maxBytes) bytes") }
        return (text, bytes)
    }

    func optionalBytes(_ name: String, maxBytes: Int) throws(VaultFailure) -> (text: String, bytes: [UInt8])? {
        has(name) ? try bytes(name, maxBytes: maxBytes) : nil
    }

    /// A schema name: 1–128 characters of `A-Z a-z 0-9 . _ : / -`.
    func schema(_ name: String = "schema") throws(VaultFailure) -> String {
        let schema = try string(name, maxLength: VaultLimits.schemaLength)
        guard schema.unicodeScalars.allSatisfy(Self.isSchemaCharacter) else {
            throw .invalidRequest("\(name) may only hold A-Z a-z 0-9 . _ : / -")
        }
        return schema
    }

    func version(_ name: String = "version") throws(VaultFailure) -> Int64 {
        try int(name, 0...VaultLimits.maxVersion)
    }

    func baseRevision() throws(VaultFailure) -> Int64 {
        try int("baseRevision", 0...Int64.max)
    }

    private static func isSchemaCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", ".", "_", ":", "/", "-": true
        default: false
        }
    }
}
