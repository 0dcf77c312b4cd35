import FolioModel

/// A verification step of a template (`{"id", "verification": {...}}`): its kind, how many attempts it
/// allows, the texts of each state (any string possibly `{"$t": {...}}`) and the settings of its kind.
struct InquiryVerificationTemplate: Sendable {
    /// VerificationKind of docs/inquiry-store.md.
    enum Kind: String, Sendable, CaseIterable {
        case governmentId = "GOVERNMENT_ID"
        case governmentIdNfc = "GOVERNMENT_ID_NFC"
        case selfie = "SELFIE"
        case emailOtp = "EMAIL_OTP"
        case phoneOtp = "PHONE_OTP"

        var isOtp: Bool { self == .emailOtp || self == .phoneOtp }
        /// The kinds whose pass produces a signed verification outcome.
        var isGovernmentId: Bool { self == .governmentId || self == .governmentIdNfc }
    }

    /// A side of a document and how it is captured.
    struct Side: Sendable {
        /// DocumentSide: `FRONT`, `BACK` or `BARCODE`.
        var side: String
        /// The file field the photo is uploaded to.
        var captureField: String
        /// `CAMERA` (SCAN, then CONFIRM) or `FILE_PICKER` (UPLOAD_REVIEW).
        var captureMode: String
        /// The mime types the field takes.
        var accept: [String]
        /// State name → texts that replace those of the step for this side.
        var states: JSONObject

        var isCamera: Bool { captureMode == "CAMERA" }
    }

    /// A document type the person may pick and the sides it has.
    struct Document: Sendable {
        /// IdentityDocumentType.
        var type: String
        var label: JSONValue
        var sides: [Side]
    }

    struct GovernmentId: Sendable {
        var selectionField: String
        var documents: [Document]
    }

    struct Nfc: Sendable {
        /// NfcDocumentType: `PASSPORT` or `ID_CARD`.
        var documentType: String
        var chipField: String
        /// NfcChipFile names, in the order of ``InquiryVerificationTemplate/chipTags``.
        var chipFiles: [String]
    }

    struct Selfie: Sendable {
        /// `LIVENESS`, `PASSIVE` or `PHOTO`.
        var mode: String
        /// PHOTO: the field the photo is uploaded to, how it is captured and the mime types it takes.
        var captureField: String?
        var captureMode: String
        var accept: [String]
        /// How many reads PREPARING lasts.
        var preparingReads: Int
        /// How long a capture session lives, in seconds.
        var captureTtl: Int
    }

    struct Otp: Sendable {
        var contactField: String
        var codeField: String
        var codeLength: Int
        var groups: Int
        var confirmLimit: Int
        /// Seconds a code lives.
        var codeTtl: Int
        /// How many codes may be sent in one attempt.
        var resendLimit: Int
        /// The prefill key whose value makes the step BOUND.
        var prefillKey: String?
        /// Phone: the PhoneInputView ids, the PhoneDialCodeOptionViews and the one selected at first.
        var countryField: String?
        var nationalField: String?
        var countryOptions: [JSONValue]
        var defaultCountry: String?
    }

    var kind: Kind
    var maxAttempts: Int
    /// How many reads PROCESSING lasts before the attempt's outcome shows.
    var processingReads: Int
    /// State name → `{title, description, submit?, back?, retry?, ...}` as written in the fixture.
    var states: JSONObject
    var governmentId: GovernmentId?
    var nfc: Nfc?
    var selfie: Selfie?
    var otp: Otp?
    /// The verified identity's fields (GovIdOutput) a passed government id step reports.
    var output: [String: String]

    /// The ICAO tag each NfcChipFile starts with.
    static let chipTags: [(name: String, tag: UInt8)] = [
        ("DG1", 0x61), ("DG2", 0x75), ("DG3", 0x63), ("DG4", 0x76), ("DG5", 0x65), ("DG6", 0x66), ("DG7", 0x67),
        ("DG8", 0x68), ("DG9", 0x69), ("DG10", 0x6A), ("DG11", 0x6B), ("DG12", 0x6C), ("DG13", 0x6D),
        ("DG14", 0x6E), ("DG15", 0x6F), ("DG16", 0x70), ("SOD", 0x77),
    ]

    static func chipTag(of name: String) -> UInt8? {
        chipTags.first { $0.name == name }?.tag
    }

    /// The members a state's texts may have.
    static let textMembers: Set<String> = [
        "title", "description", "submit", "back", "retry", "failureReason", "label", "placeholder", "footer",
    ]

    /// The GovIdOutput fields a template (or the `output` knob) may set; `documentType` comes from the step.
    static let outputFields: Set<String> = [
        "documentNumber", "givenName", "familyName", "middleName", "birthdate", "placeOfBirth", "sex",
        "nationality", "issuingCountry", "issuingAuthority", "issueDate", "expirationDate", "personalNumber",
        "address", "documentSubType",
    ]
    /// The output fields that are IsoDates (`YYYY-MM-DD`).
    static let outputDates: Set<String> = ["birthdate", "issueDate", "expirationDate"]

    /// The document type of the outcome: the picked one, or the chip document's.
    func selectedDocumentType(picked: String?) -> String? {
        guard let nfc else { return picked }
        return nfc.documentType == "ID_CARD" ? "NATIONAL_IDENTITY_CARD" : "PASSPORT"
    }

    /// The texts of a state, with a side's replacements laid over them.
    func texts(_ state: String, side: Side? = nil) -> JSONObject {
        var texts = states[state]?.objectValue ?? [:]
        if let replaced = side?.states[state]?.objectValue { texts.merge(replaced) { _, new in new } }
        return texts
    }
}
