import FolioModel

/// Edit on a verification step (spec "Field values": a verification step names the field it edits:
/// selectionField for a document choice, contactField for an email address or phone number and codeField for a
/// one-time code).
enum VerificationEditing {
    static func apply(
        key: String, value: InquiryFieldValue, to view: VerificationView, _ state: inout InquiryReducer.State
    ) throws(InquiryError) {
        switch view.state {
        case .governmentId(.selectDocument(_, let choice)) where key == choice.selectionField:
            guard case .selection(let chosen) = value else {
                throw .platform(message: "\(key) takes a SELECTION")
            }
            guard choice.options.contains(where: { $0.value.rawValue == chosen }) else {
                throw .platform(message: "\(chosen) is not a document type of \(key)")
            }
            state.kept[key] = .selection(chosen)
        case .emailOtp(.verifyEmail(_, let contact)) where key == contact.contactField:
            guard case .text(let text) = value else { throw .platform(message: "\(key) takes TEXT") }
            clearCodeError(&state)
            state.kept[key] = .text(text)
        case .phoneOtp(.verifyPhone(_, let contact)) where contact.input.isInput(key):
            let phone = PhoneEditing(contact)
            state.kept[contact.contactField] = try phone.edit(
                input: key, value: value, kept: state.kept[contact.contactField])
            clearCodeError(&state)
        case .emailOtp(.confirm(_, let entry)) where key == entry.codeField,
            .phoneOtp(.confirm(_, let entry)) where key == entry.codeField:
            guard case .text(let text) = value else { throw .platform(message: "\(key) takes TEXT") }
            clearCodeError(&state)
            state.kept[key] = .text(entry.code.typing(text).value)
        default:
            throw .platform(message: "no field \(key) on this step")
        }
    }

    /// Editing the field of a code step clears the error placed there.
    private static func clearCodeError(_ state: inout InquiryReducer.State) {
        if state.error?.isCodeStepError == true { state.error = nil }
    }
}

extension PhoneEditing {
    /// The number of a phone code step's VERIFY, kept and submitted under `contactField`.
    init(_ contact: PhoneContact) {
        self.init(
            key: contact.contactField, input: contact.input, countryOptions: contact.countryOptions, readOnly: false)
    }
}

/// What SUBMIT sends on a verification step; nil when the state has nothing to submit (the capture intents
/// carry a SCAN's or a selfie's result).
enum VerificationSubmission {
    static func fields(of view: VerificationView, kept: [String: KeptValue]) throws(InquiryError) -> JSONObject? {
        switch view.state {
        case .governmentId(.selectDocument(_, let choice)):
            guard
                case .selection(let chosen)? = kept[choice.selectionField]
                    ?? choice.selected.map({ .selection($0.rawValue) })
            else {
                throw .platform(message: "choose a document type under \(choice.selectionField) first")
            }
            return [choice.selectionField: .string(chosen)]
        case .emailOtp(.verifyEmail(_, let contact)):
            let typed: String? = if case .text(let text)? = kept[contact.contactField] { text } else { contact.value }
            return [contact.contactField: typed.map(JSONValue.string) ?? .null]
        case .phoneOtp(.verifyPhone(_, let contact)):
            return [contact.contactField: PhoneEditing(contact).submitted(kept: kept[contact.contactField])]
        case .emailOtp(.confirm(_, let entry)), .phoneOtp(.confirm(_, let entry)):
            let typed: String = if case .text(let digits)? = kept[entry.codeField] { digits } else { entry.code.value }
            return [entry.codeField: .string(typed)]
        case .governmentId(.confirm), .governmentId(.uploadReview), .governmentIdNfc(.scan), .emailOtp(.bound),
            .phoneOtp(.bound):
            return [:]
        case .governmentId(.scan), .selfie(.preparing), .selfie(.liveness), .selfie(.passive), .selfie(.photo):
            return nil
        case .emailOtp(.verifyPhone), .phoneOtp(.verifyEmail):
            // Never read: VERIFY is read as the kind's own.
            return nil
        case .governmentId(.outcome(let outcome)), .governmentIdNfc(.outcome(let outcome)),
            .selfie(.outcome(let outcome)), .emailOtp(.outcome(let outcome)), .phoneOtp(.outcome(let outcome)):
            // PASSED, FAILED and ERROR have a SUBMIT that moves on or starts the next attempt.
            if case .processing = outcome { return nil }
            return [:]
        }
    }
}
