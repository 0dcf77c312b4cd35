import FolioModel
import Foundation

/// The rules of Edit (spec "Field values"): which value each field takes, how the store shapes what it keeps,
/// the date checks, the phone inputs, and which errors an edit clears.
enum FieldEditing {
    static func apply(key: String, value: InquiryFieldValue, at: Date, to state: inout InquiryReducer.State)
        throws(InquiryError)
    {
        guard let screen = state.stage?.screen else { throw .platform(message: "this step has no fields") }
        if let phone = screen.fields.first(where: { $0.kind == .phone && $0.input?.isInput(key) == true }) {
            try editPhone(phone, input: key, value: value, &state)
            clearErrors(of: phone, &state)
            return
        }
        guard let field = screen.fields.first(where: { $0.key == key }) else {
            throw .platform(message: "no field \(key) on this step")
        }
        if field.kind == .phone {
            throw .platform(
                message: "a phone field takes its country and number under input.country.field and input.national.field"
            )
        }
        if field.readOnly { throw .platform(message: "\(key) is read-only") }
        clearErrors(of: field, &state)
        state.kept[key] = try kept(value, for: field, at: at, &state)
    }

    private static func kept(
        _ value: InquiryFieldValue, for field: FieldView, at: Date, _ state: inout InquiryReducer.State
    ) throws(InquiryError) -> KeptValue {
        let options = Set((field.options ?? []).map(\.value))
        switch (field.kind, value) {
        case (.text, .text(let text)), (.url, .text(let text)), (.textArea, .text(let text)),
            (.number, .text(let text)):
            return .text(text)
        case (.masked, .text(let text)):
            guard let mask = field.constraints.mask else { throw .platform(message: "\(field.key) has no mask") }
            return .text(MaskFormatter(pattern: mask.pattern, maxLength: Int(mask.maxLength)).apply(text))
        case (.date, .text(let text)):
            guard case .date(let constraints) = field.constraints, !constraints.includeTime else {
                throw .platform(message: "\(field.key) takes a picked date and time as DATE")
            }
            let masked = MaskFormatter(pattern: constraints.mask.pattern, maxLength: Int(constraints.mask.maxLength))
                .apply(text)
            state.fieldErrors[field.id] = DateChecking.violationText(
                typed: masked, constraints: constraints, at: at, deviceTimeZone: state.deviceTimeZone,
                locale: state.textLocale)
            return .text(masked)
        case (.date, .date(let picked)):
            guard case .date(let constraints) = field.constraints, constraints.includeTime else {
                throw .platform(message: "\(field.key) takes typed text as TEXT")
            }
            state.fieldErrors[field.id] = DateChecking.violationText(
                picked: picked, constraints: constraints, at: at, deviceTimeZone: state.deviceTimeZone,
                locale: state.textLocale)
            return .dateTime(picked)
        case (.select, .selection(let choice)), (.radio, .selection(let choice)), (.country, .selection(let choice)):
            guard options.contains(choice) else {
                throw .platform(message: "\(choice) is not an option of \(field.key)")
            }
            return .selection(choice)
        case (.multiSelect, .selections(let choices)), (.checkboxGroup, .selections(let choices)):
            if let stranger = choices.first(where: { !options.contains($0) }) {
                throw .platform(message: "\(stranger) is not an option of \(field.key)")
            }
            return .selections(choices)
        case (.checkbox, .toggle(let checked)):
            return .toggle(checked)
        case (.address, .address(let parts)):
            return .address(parts)
        default:
            throw .platform(message: "\(field.kind.rawValue) field \(field.key) does not take \(value.typeName)")
        }
    }

    /// A phone's country comes as a Selection of one of its options, its number as Text; the store formats the
    /// number as typed.
    private static func editPhone(
        _ field: FieldView, input key: String, value: InquiryFieldValue, _ state: inout InquiryReducer.State
    ) throws(InquiryError) {
        guard let input = field.input, case .phone(let constraints) = field.constraints else { return }
        if field.readOnly { throw .platform(message: "\(field.key) is read-only") }
        var (country, national) = PhoneDisplay.current(field, kept: state.kept[field.key])
        switch value {
        case .selection(let chosen) where key == input.countryField:
            guard constraints.countryOptions.contains(where: { $0.country == chosen }) else {
                throw .platform(message: "\(chosen) is not a country option of \(field.key)")
            }
            country = chosen
        case .text(let text) where key == input.nationalField:
            national = text
        default:
            throw .platform(message: "\(key) of phone \(field.key) does not take \(value.typeName)")
        }
        let dialCode = constraints.countryOptions.first { $0.country == country }?.dialCode
        let formatted =
            country.map { PhoneFieldFormatter().text(region: $0, dialCode: dialCode, nationalText: national).display }
            ?? national
        state.kept[field.key] = .phone(country: country, national: formatted)
    }

    /// Editing a field clears its error: the one Folio sent with the step, a field error of the model placed
    /// there, and a violation the store found before.
    private static func clearErrors(of field: FieldView, _ state: inout InquiryReducer.State) {
        state.fieldErrors[field.id] = nil
        if case .fileUnreadable(let target)? = state.error, target == field.id || target == field.key {
            state.error = nil
        }
        state.stage?.mapFields { view in
            if view.id == field.id { view.error = nil }
        }
    }
}

extension PhoneInputView {
    func isInput(_ key: String) -> Bool { key == countryField || key == nationalField }
}

/// What a phone field shows: the kept edits, else the input Folio sent.
enum PhoneDisplay {
    static func current(_ field: FieldView, kept: KeptValue?) -> (country: String?, national: String) {
        if case .phone(let country, let national)? = kept { return (country, national) }
        return (field.input?.selected?.country, field.input?.nationalText ?? "")
    }
}
