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

    private static func editPhone(
        _ field: FieldView, input key: String, value: InquiryFieldValue, _ state: inout InquiryReducer.State
    ) throws(InquiryError) {
        guard let phone = PhoneEditing(field) else { return }
        state.kept[field.key] = try phone.edit(input: key, value: value, kept: state.kept[field.key])
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

/// A phone number edited through a PhoneInputView: a PHONE field, or the number of a phone code step's VERIFY.
struct PhoneEditing {
    /// The key the number is kept and submitted under.
    var key: String
    var input: PhoneInputView
    var countryOptions: [PhoneDialCodeOptionView]
    var readOnly: Bool

    init(key: String, input: PhoneInputView, countryOptions: [PhoneDialCodeOptionView], readOnly: Bool) {
        self.key = key
        self.input = input
        self.countryOptions = countryOptions
        self.readOnly = readOnly
    }

    init?(_ field: FieldView) {
        guard let input = field.input, case .phone(let constraints) = field.constraints else { return nil }
        self.init(key: field.key, input: input, countryOptions: constraints.countryOptions, readOnly: field.readOnly)
    }

    /// The country comes as a Selection of one of the options, the number as Text; the store formats the number
    /// as typed.
    func edit(input inputKey: String, value: InquiryFieldValue, kept: KeptValue?) throws(InquiryError) -> KeptValue {
        if readOnly { throw .platform(message: "\(key) is read-only") }
        var (country, national) = current(kept: kept)
        switch value {
        case .selection(let chosen) where inputKey == input.countryField:
            guard countryOptions.contains(where: { $0.country == chosen }) else {
                throw .platform(message: "\(chosen) is not a country option of \(key)")
            }
            country = chosen
        case .text(let text) where inputKey == input.nationalField:
            national = text
        default:
            throw .platform(message: "\(inputKey) of phone \(key) does not take \(value.typeName)")
        }
        let formatted =
            country.map {
                PhoneFieldFormatter().text(region: $0, dialCode: dialCode(of: $0), nationalText: national).display
            }
            ?? national
        return .phone(country: country, national: formatted)
    }

    /// What the input shows: the kept edits, else the input Folio sent.
    func current(kept: KeptValue?) -> (country: String?, national: String) {
        if case .phone(let country, let national)? = kept { return (country, national) }
        return (input.selected?.country, input.nationalText)
    }

    /// The input with the kept edits laid over it.
    func shown(kept: KeptValue?) -> PhoneInputView {
        let (country, national) = current(kept: kept)
        var shown = input
        shown.selected = country.flatMap { chosen in countryOptions.first { $0.country == chosen } }
        shown.nationalText = national
        return shown
    }

    /// The number submitted: E.164 built with libphonenumber; the digits alone without a country; null when empty.
    func submitted(kept: KeptValue?) -> JSONValue {
        let (country, national) = current(kept: kept)
        guard let country else { return national.isEmpty ? .null : .string(national) }
        let number = PhoneFieldFormatter().text(
            region: country, dialCode: dialCode(of: country), nationalText: national
        )
        .fullNumber
        return number.isEmpty ? .null : .string(number)
    }

    private func dialCode(of country: String) -> String? {
        countryOptions.first { $0.country == country }?.dialCode
    }
}
