import FolioModel

/// Checks the fields of a submission against the step's FIELD elements.
struct InquirySubmission {
    let step: InquiryTemplate.Step
    let fields: JSONObject
    let files: [InquiryRecord.File]
    let texts: InquiryTexts

    /// 422 SCHEMA_VALIDATION when a value has the wrong JSON type for its kind; then 422 FIELD_VALIDATION
    /// with a message per field: a required field missing or empty, a choice outside the options, a file
    /// not uploaded to this inquiry, and every key starting with `reject_`.
    func check() throws(InquiryFailure) {
        var problems: [String: String] = [:]
        for field in step.fields {
            let value = fields[field.key] ?? .null
            guard let filled = Self.isFilled(value, field) else {
                throw .schemaValidation("\(field.key): a \(field.kind) field does not take \(Self.typeName(value))")
            }
            if !filled {
                if field.required && !field.readOnly { problems[field.key] = texts.required }
                continue
            }
            if let message = choiceProblem(value, field) { problems[field.key] = message }
        }
        for key in Set(fields.keys).union(step.fields.map(\.key)) where key.hasPrefix("reject_") {
            problems[key] = InquiryTexts.rejected
        }
        guard problems.isEmpty else { throw .fieldValidation(problems) }
    }

    /// Whether the value counts as filled in; nil when its JSON type does not fit the kind.
    static func isFilled(_ value: JSONValue, _ field: InquiryTemplate.Field) -> Bool? {
        if value.isNull { return false }
        switch field.kind {
        case "NUMBER":
            switch value {
            case .int, .double: return true
            case .string(let text): return text.isEmpty ? false : nil
            default: return nil
            }
        case "CHECKBOX":
            return value.boolValue
        case "MULTI_SELECT", "CHECKBOX_GROUP":
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else { return nil }
            return !list.isEmpty
        case "ADDRESS":
            guard let parts = value.arrayValue,
                parts.allSatisfy({ $0["part"]?.stringValue != nil && $0["value"]?.stringValue != nil })
            else { return nil }
            return parts.contains { !($0["value"]?.stringValue ?? "").isEmpty }
        case "FILE":
            guard value["fileId"]?.stringValue != nil else { return nil }
            return true
        default:
            guard let text = value.stringValue else { return nil }
            return !text.isEmpty
        }
    }

    private func choiceProblem(_ value: JSONValue, _ field: InquiryTemplate.Field) -> String? {
        if field.kind == "FILE" {
            let id = value["fileId"]?.stringValue
            return files.contains { $0.fileId == id && $0.field == field.key } ? nil : texts.unknownFile
        }
        guard let options = field.options else { return nil }
        let chosen = value.arrayValue?.compactMap(\.stringValue) ?? value.stringValue.map { [$0] } ?? []
        return chosen.allSatisfy(options.contains) ? nil : texts.notAnOption
    }

    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
