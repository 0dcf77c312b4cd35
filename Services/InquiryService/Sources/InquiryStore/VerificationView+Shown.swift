import FolioModel

extension VerificationView {
    /// The step as the client sees it: the kept edits laid over Folio's state, and a SCAN's camera as the
    /// capture session decided.
    func showing(kept: [String: KeptValue], capture: DocumentCaptureSession?) -> VerificationView {
        var shown = self
        switch state {
        case .governmentId(.selectDocument(let panel, var choice)):
            if case .selection(let chosen)? = kept[choice.selectionField] {
                choice.selected = IdentityDocumentType(rawValue: chosen)
            }
            shown.state = .governmentId(.selectDocument(panel, choice))
        case .governmentId(.scan(let panel, var scan)):
            if let capture { scan.camera = capture.camera }
            shown.state = .governmentId(.scan(panel, scan))
        case .emailOtp(.verifyEmail(let panel, var contact)):
            if case .text(let text)? = kept[contact.contactField] { contact.value = text }
            shown.state = .emailOtp(.verifyEmail(panel, contact))
        case .phoneOtp(.verifyPhone(let panel, var contact)):
            contact.input = PhoneEditing(contact).shown(kept: kept[contact.contactField])
            shown.state = .phoneOtp(.verifyPhone(panel, contact))
        case .emailOtp(.confirm(let panel, var entry)):
            if case .text(let digits)? = kept[entry.codeField] { entry.code = entry.code.typing(digits) }
            shown.state = .emailOtp(.confirm(panel, entry))
        case .phoneOtp(.confirm(let panel, var entry)):
            if case .text(let digits)? = kept[entry.codeField] { entry.code = entry.code.typing(digits) }
            shown.state = .phoneOtp(.confirm(panel, entry))
        default:
            break
        }
        return shown
    }
}

extension InquiryStage {
    /// The field a code step's errors are placed at (spec "Errors in the model"): `contactField` in VERIFY,
    /// `codeField` in CONFIRM; nil elsewhere, where they go to the banner.
    var codeStepErrorField: String? {
        guard case .verification(let view) = content else { return nil }
        return view.state.otp?.errorField
    }
}
