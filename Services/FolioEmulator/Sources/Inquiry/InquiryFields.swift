import FolioModel

/// A field-by-field reader of inquiry request bodies whose errors name the field.
struct InquiryFields {
    let value: JSONValue

    /// The request's JSON object body.
    init(_ request: EmulatorRequest) throws(InquiryFailure) {
        let body: JSONValue
        do throws(APIError) {
            body = try request.jsonBody()
        } catch {
            throw InquiryFailure(error)
        }
        guard case .object = body else { throw .invalidRequest("the body must be a JSON object") }
        value = body
    }

    func has(_ name: String) -> Bool {
        guard let field = value[name] else { return false }
        return !field.isNull
    }

    func string(_ name: String, maxLength: Int = 256) throws(InquiryFailure) -> String {
        guard let text = value[name]?.stringValue, !text.isEmpty else {
            throw .invalidRequest("\(name) must be a non-empty string")
        }
        guard text.utf8.count <= maxLength else { throw .invalidRequest("\(name) is longer than \(maxLength) bytes") }
        return text
    }

    func optionalString(_ name: String, maxLength: Int = 256) throws(InquiryFailure) -> String? {
        has(name) ? try string(name, maxLength: maxLength) : nil
    }

    /// An optional integer within `range`, or `fallback`.
    func int(_ name: String, default fallback: Int, _ range: ClosedRange<Int>) throws(InquiryFailure) -> Int {
        guard has(name) else { return fallback }
        guard let number = value[name]?.intValue, let int = Int(exactly: number), range.contains(int) else {
            throw .invalidRequest("\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    /// An optional JSON object.
    func object(_ name: String) throws(InquiryFailure) -> JSONObject? {
        guard has(name) else { return nil }
        guard let members = value[name]?.objectValue else { throw .invalidRequest("\(name) must be an object") }
        return members
    }

    /// `deviceId`: which device of the person sends the call.
    func deviceId() throws(InquiryFailure) -> String {
        try string("deviceId", maxLength: 128)
    }

    /// `locale` when sent.
    func locale() throws(InquiryFailure) -> String? {
        try optionalString("locale", maxLength: 35)
    }
}
