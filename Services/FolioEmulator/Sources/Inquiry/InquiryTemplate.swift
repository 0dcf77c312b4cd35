import FolioModel

/// An inquiry template from the `inquiryTemplates` fixtures: its languages, its steps (screens in the
/// wire shape of docs/inquiry-store.md or verification steps, any string possibly
/// `{"$t": {"en": .., "de": ..}}`) and where the
/// finished inquiry redirects to. Templates are organization-independent: the operator names the
/// organization when it creates an inquiry.
struct InquiryTemplate: Sendable {
    struct Language: Sendable, Equatable {
        var code: String
        var name: String
        var nativeName: String

        var json: JSONValue { ["code": .string(code), "name": .string(name), "nativeName": .string(nativeName)] }
    }

    /// A FIELD element of a step: what a submission is checked against.
    struct Field: Sendable, Equatable {
        var key: String
        var kind: String
        var required: Bool
        var readOnly: Bool
        /// The `value`s of `options` for the choice kinds.
        var options: [String]?
        /// FILE: accepted mime types.
        var accept: [String]?
    }

    struct Step: Sendable {
        var id: String
        /// The `containers` array as written in the fixture (empty for a verification step).
        var containers: JSONValue
        var fields: [Field]
        /// Set for a verification step (`{"id", "verification"}` instead of `{"id", "screen"}`).
        var verification: InquiryVerificationTemplate?
    }

    var id: String
    var defaultLocale: String
    var languages: [Language]
    var steps: [Step]
    /// `terminal.redirect`: where a COMPLETED inquiry sends the person.
    var redirect: String?
    /// `issuance`: the document a COMPLETED inquiry offers its holder, if any.
    var issuance: IssuanceOffer?

    /// The document a template's completed inquiries offer (docs/folio-api.md, "Issued documents").
    struct IssuanceOffer: Sendable, Equatable {
        var documentTemplateId: String
        /// The issuance's read interval in seconds (1–3600, default 5).
        var interval: Int
        /// Issue on its own once the issuance is this old (emulator clock), unless the admin's mode says otherwise.
        var autoIssueAfterSeconds: Double?
    }

    /// The language to show for a requested locale: the locale when the template has it, else the default.
    func locale(for requested: String?) -> String {
        guard let requested, languages.contains(where: { $0.code == requested }) else { return defaultLocale }
        return requested
    }

    /// The FieldView kinds and the choice kinds among them.
    static let fieldKinds: Set<String> = [
        "TEXT", "URL", "TEXT_AREA", "NUMBER", "MASKED", "PHONE", "DATE", "ADDRESS", "COUNTRY", "SELECT",
        "MULTI_SELECT", "RADIO", "CHECKBOX", "CHECKBOX_GROUP", "FILE",
    ]
    static let choiceKinds: Set<String> = ["COUNTRY", "SELECT", "MULTI_SELECT", "RADIO", "CHECKBOX_GROUP"]
    static let elementTypes: Set<String> = ["TEXT", "IMAGE", "BUTTON", "FIELD", "LANGUAGE_SELECTOR"]
    static let layoutTypes: Set<String> = ["HEADER", "CONTENT", "ACTION", "FOOTER", "CUSTOM"]
    /// The step id of the observer screen; no template step may use it.
    static let observerStepId = "observer"
}

extension FixtureSchema {
    /// Inquiry templates (docs/folio-api.md, "Inquiries"); the shape of steps is checked by
    /// ``InquiryTemplate/load(from:)``.
    public static let inquiryTemplates = FixtureSchema(
        collection: "inquiryTemplates",
        required: ["defaultLocale": .string, "languages": .array, "steps": .array],
        optional: ["terminal": .object, "issuance": .object])
}
