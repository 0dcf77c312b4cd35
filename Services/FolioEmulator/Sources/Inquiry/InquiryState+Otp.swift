import Crypto
import FolioModel
import Foundation

extension InquiryState {
    /// The address or number the inquiry's prefill holds under the template's `prefillKey`: the step is BOUND.
    func boundTarget(_ context: InquiryVerificationContext) -> String? {
        guard let key = context.template.otp?.prefillKey,
            let target = context.record.prefill[key]?.stringValue, !target.isEmpty
        else { return nil }
        return target
    }

    /// VERIFY takes `{<contactField>: address or E.164 number}`, BOUND `{}`; a code of `codeLength` digits goes
    /// to the mailbox and the step shows CONFIRM. 422 MISSING_TARGET, INVALID_TARGET, ATTEMPTS_EXHAUSTED
    /// (past `resendLimit` codes in the attempt) or DELIVERY_FAILED (the `deliveryFails` knob).
    mutating func sendCode(
        _ progress: inout InquiryVerification, fields: JSONObject, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) {
        guard let otp = context.template.otp else { throw .internalError("no otp settings") }
        let phone = context.template.kind == .phoneOtp
        let target: String
        if progress.state == .bound, let bound = boundTarget(context) {
            target = bound
        } else {
            let value = fields[otp.contactField] ?? .null
            guard value.isNull || value.stringValue != nil else {
                throw .schemaValidation("\(otp.contactField) takes a string, not \(InquirySubmission.typeName(value))")
            }
            target = (value.stringValue ?? "").trimmingCharacters(in: .whitespaces)
            guard !target.isEmpty else { throw .otp("MISSING_TARGET", context.texts.missingTarget) }
        }
        guard phone ? Self.isPhoneNumber(target) : Self.isEmailAddress(target) else {
            throw .otp("INVALID_TARGET", phone ? context.texts.invalidPhone : context.texts.invalidEmail)
        }
        guard progress.sends < otp.resendLimit else {
            throw .otp("ATTEMPTS_EXHAUSTED", context.texts.attemptsExhausted)
        }
        guard !context.knobs.deliveryFails else { throw .otp("DELIVERY_FAILED", context.texts.deliveryFailed) }
        let code = String(Random.bytes(otp.codeLength).map { Character(String($0 % 10)) })
        progress.sends += 1
        progress.code = InquiryVerification.Code(target: target, code: code, sentAt: context.env.now)
        progress.state = .confirmCode
        context.env.deliver(
            to: target, channel: phone ? "SMS" : "EMAIL", code: code, inquiryId: context.record.id,
            stepId: context.stepId)
    }

    /// CONFIRM takes `{<codeField>: digits}`: the right code ends the attempt (as the knobs say; PASS by
    /// default); 422 CONFIRM_EXHAUSTED once `confirmLimit` wrong codes were tried, EXPIRED_CODE past
    /// `codeTtl`, INVALID_CODE for a wrong one (counted).
    mutating func confirmCode(
        _ progress: inout InquiryVerification, fields: JSONObject, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) {
        guard let otp = context.template.otp, var sent = progress.code else {
            throw .internalError("the code step has sent no code")
        }
        let value = fields[otp.codeField] ?? .null
        guard value.isNull || value.stringValue != nil else {
            throw .schemaValidation("\(otp.codeField) takes a string, not \(InquirySubmission.typeName(value))")
        }
        guard sent.wrongs < otp.confirmLimit else {
            throw .otp("CONFIRM_EXHAUSTED", context.texts.confirmExhausted)
        }
        guard context.env.now < sent.sentAt.addingTimeInterval(Double(otp.codeTtl)) else {
            throw .otp("EXPIRED_CODE", context.texts.expiredCode)
        }
        let typed = (value.stringValue ?? "").filter { !$0.isWhitespace }
        guard typed == sent.code else {
            sent.wrongs += 1
            progress.code = sent
            throw .otp("INVALID_CODE", context.texts.invalidCode)
        }
        try resolve(&progress, context)
    }

    /// `local@domain.tld`: one `@`, no spaces, a dot inside the domain.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, text.utf8.count <= 254, !text.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1]
        return !parts[0].isEmpty && domain.contains(".") && !domain.hasPrefix(".") && !domain.hasSuffix(".")
    }

    /// E.164: `+` and 8 to 15 digits.
    static func isPhoneNumber(_ text: String) -> Bool {
        let digits = text.dropFirst()
        return text.hasPrefix("+") && (8...15).contains(digits.count)
            && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension InquiryFailure {
    /// A code step's error (422 with one of the codes of docs/inquiry-store.md) and its localized message.
    static func otp(_ code: String, _ message: String) -> InquiryFailure {
        InquiryFailure(status: 422, code: code, message: message)
    }
}
