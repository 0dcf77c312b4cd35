import FolioModel

/// What Submit sends (spec: every field with the value the store kept, or with its default; a phone the person
/// did not touch sends the number its input shows).
enum FieldSubmission {
    static func values(of screen: ScreenView, kept: [String: KeptValue]) -> JSONObject {
        var values: JSONObject = [:]
        for field in screen.fields {
            values[field.key] = value(of: field, kept: kept[field.key])
        }
        return values
    }

    private static func value(of field: FieldView, kept: KeptValue?) -> JSONValue {
        if field.kind == .phone {
            return PhoneEditing(field)?.submitted(kept: kept) ?? .null
        }
        switch kept {
        case .text(let text)?: return submitted(text: text, of: field)
        case .dateTime(let value)?: return .string(value)
        case .selection(let value)?: return .string(value)
        case .selections(let values)?: return .array(values.map(JSONValue.string))
        case .toggle(let checked)?: return .bool(checked)
        case .address(let parts)?: return .array(parts.map { $0.json })
        // Folio takes a FILE value as the upload's reference `{fileId, fileName, sizeBytes}`.
        case .file(let file)?: return file.json
        case .phone?: return .null
        case nil: break
        }
        // Untouched: the field's default.
        switch field.value {
        case .string(let text)?: return submitted(text: text, of: field)
        case let value?: return value
        case nil: return .null
        }
    }

    /// Typed dates go as ISO dates, numbers as JSON numbers when they parse.
    private static func submitted(text: String, of field: FieldView) -> JSONValue {
        switch (field.kind, field.constraints) {
        case (.date, .date(let constraints)) where !constraints.includeTime:
            if case .date(let date)? = DateFormatPattern(constraints.mask.format)?.read(text) {
                return .string(date.iso)
            }
            return .string(text)
        case (.number, _):
            return NumberText.parse(text).map(JSONValue.double) ?? .string(text)
        default:
            return .string(text)
        }
    }
}
