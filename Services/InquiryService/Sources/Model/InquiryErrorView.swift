import Bus
import FolioModel
import WireModel

/// The model's error: what to show and where (spec "Errors in the model"). Wire: `{placement, text?, retryable}`.
public struct InquiryErrorView: Hashable, Sendable, WireDescribed {
    /// Wire: `{type: 'FIELD', value: {fieldId}}` or `{type: 'BANNER'}`.
    public enum Placement: Hashable, Sendable, WireDescribed {
        case field(fieldId: String)
        case banner

        var json: JSONValue {
            switch self {
            case .field(let fieldId): Wire.tagged("FIELD", ["fieldId": .string(fieldId)])
            case .banner: Wire.tagged("BANNER")
            }
        }

        public static var wireName: String { "InquiryErrorPlacement" }

        public static var wireSchema: JSONSchema {
            .tagged([
                "FIELD": .closedObject(
                    [
                        "fieldId": JSONSchema.string.described(
                            "The field the error belongs to: a code step's contactField or codeField, or the id or key "
                                + "of the FILE field a FILE_UNREADABLE named.")
                    ], required: ["fieldId"]),
                "BANNER": nil,
            ])
        }
    }

    public var placement: Placement
    public var text: String?
    public var retryable: Bool

    public var json: JSONValue {
        Wire.object(["placement": placement.json, "text": text.map(JSONValue.string), "retryable": .bool(retryable)])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "placement": Placement.ref,
                "text": JSONSchema.string.described("What to show; without it, the step's errors.transportError."),
                "retryable": JSONSchema.boolean.described("Offer a control that sends ACT(RETRY)."),
            ], required: ["placement", "retryable"])
    }

    /// Every placement rule of the page, in one place.
    /// - Parameters:
    ///   - codeFieldId: the field of the current code step (`contactField` or `codeField`), if any.
    ///   - resumeBeforeFirstStep: the error ends a Resume entry before its first step, which is never retryable.
    public static func project(
        _ error: InquiryError, codeFieldId: String?, resumeBeforeFirstStep: Bool, locale: LocaleTag
    ) -> InquiryErrorView {
        let retryable = error.isRetryableKind && !resumeBeforeFirstStep
        switch error {
        case .invalidCode(let message), .expiredCode(let message), .attemptsExhausted(let message),
            .confirmExhausted(let message), .invalidTarget(let message), .missingTarget(let message),
            .deliveryFailed(let message):
            guard let codeFieldId else { return InquiryErrorView(placement: .banner, text: message, retryable: false) }
            return InquiryErrorView(placement: .field(fieldId: codeFieldId), text: message, retryable: false)
        case .fileUnreadable(let field):
            return InquiryErrorView(
                placement: .field(fieldId: field), text: TextCatalog.text(.inquiryErrorFileUnreadable, locale: locale),
                retryable: false)
        case .linkRefused:
            return InquiryErrorView(
                placement: .banner, text: TextCatalog.text(.inquiryChromeErrorDescription, locale: locale),
                retryable: false)
        case .schemaValidation(let message), .fieldValidation(let message, _):
            return InquiryErrorView(placement: .banner, text: message, retryable: false)
        case .fileTooLarge(let limit):
            let mebibytes = String(limit / (1024 * 1024))
            let text = TextCatalog.text(.inquiryErrorFileTooLarge, locale: locale)
                .replacingOccurrences(of: "{limit}", with: mebibytes)
            return InquiryErrorView(placement: .banner, text: text, retryable: false)
        default:
            return InquiryErrorView(placement: .banner, text: nil, retryable: retryable)
        }
    }
}
