import Bus
import FolioModel
import WireModel

/// What a verifier found (identity-records.md "VerifierOutput"). Only GOV_ID and GOV_ID_NFC reach a mapper;
/// the other cases exist because VerifierOutput is the type of every Folio verifier.
/// Wire: `{type: "GOV_ID" | "GOV_ID_NFC" | "DOCUMENT" | "SELFIE" | "OTP_EMAIL" | "OTP_SMS", value}`.
public enum VerifierOutput: WireValue, WireDescribed, Hashable {
    case govId(GovIdOutput)
    case govIdNfc(GovIdOutput)
    case document(DocumentOutput)
    /// Selfie and code results carry what Folio sent; they never reach a mapper or the model.
    case selfie(JSONValue)
    case otpEmail(JSONValue)
    case otpSms(JSONValue)

    public var json: JSONValue {
        switch self {
        case .govId(let value): TaggedValue(type: "GOV_ID", value: value.json).json
        case .govIdNfc(let value): TaggedValue(type: "GOV_ID_NFC", value: value.json).json
        case .document(let value): TaggedValue(type: "DOCUMENT", value: value.json).json
        case .selfie(let value): TaggedValue(type: "SELFIE", value: value).json
        case .otpEmail(let value): TaggedValue(type: "OTP_EMAIL", value: value).json
        case .otpSms(let value): TaggedValue(type: "OTP_SMS", value: value).json
        }
    }

    /// Only GOV_ID and GOV_ID_NFC reach a mapper or the model; the others carry what Folio sent.
    public static var wireSchema: JSONSchema {
        .tagged([
            "GOV_ID": GovIdOutput.ref, "GOV_ID_NFC": GovIdOutput.ref, "DOCUMENT": DocumentOutput.ref,
            "SELFIE": .any, "OTP_EMAIL": .any, "OTP_SMS": .any,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        let value = tagged.value ?? .object([:])
        let valuePath = path + ".value"
        switch tagged.type {
        case "GOV_ID": self = .govId(try GovIdOutput(json: value, path: valuePath))
        case "GOV_ID_NFC": self = .govIdNfc(try GovIdOutput(json: value, path: valuePath))
        case "DOCUMENT": self = .document(try DocumentOutput(json: value, path: valuePath))
        case "SELFIE": self = .selfie(value)
        case "OTP_EMAIL": self = .otpEmail(value)
        case "OTP_SMS": self = .otpSms(value)
        default: throw tagged.unknownType(["GOV_ID", "GOV_ID_NFC", "DOCUMENT", "SELFIE", "OTP_EMAIL", "OTP_SMS"])
        }
    }

    /// The output of a government id verifier, the one a mapper receives.
    public var governmentId: GovIdOutput? {
        switch self {
        case .govId(let output), .govIdNfc(let output): output
        default: nil
        }
    }
}

/// The fields of a GOV_ID or GOV_ID_NFC output; every one is optional. Dates are IsoDate strings
/// (`YYYY-MM-DD`); files are FileRefs.
public struct GovIdOutput: WireValue, WireDescribed, Hashable {
    public var documentNumber: String?
    public var givenName: String?
    public var familyName: String?
    public var middleName: String?
    public var birthdate: String?
    public var placeOfBirth: String?
    public var sex: String?
    public var nationality: String?
    public var issuingCountry: String?
    public var issuingAuthority: String?
    public var issueDate: String?
    public var expirationDate: String?
    public var personalNumber: String?
    public var address: String?
    public var documentType: IdentityDocumentType?
    public var documentSubType: DocumentSubType?
    public var frontImage: FileRef?
    public var backImage: FileRef?

    public init() {}

    /// The string members by wire name. Immutable; key paths are not marked Sendable, hence the annotation.
    private nonisolated(unsafe) static let texts: [(String, WritableKeyPath<GovIdOutput, String?>)] = [
        ("documentNumber", \.documentNumber), ("givenName", \.givenName), ("familyName", \.familyName),
        ("middleName", \.middleName), ("birthdate", \.birthdate), ("placeOfBirth", \.placeOfBirth), ("sex", \.sex),
        ("nationality", \.nationality), ("issuingCountry", \.issuingCountry),
        ("issuingAuthority", \.issuingAuthority), ("issueDate", \.issueDate), ("expirationDate", \.expirationDate),
        ("personalNumber", \.personalNumber), ("address", \.address),
    ]

    public var json: JSONValue {
        var members: [String: JSONValue?] = [
            "documentType": documentType?.json, "documentSubType": documentSubType?.json,
            "frontImage": frontImage?.json, "backImage": backImage?.json,
        ]
        for (name, path) in Self.texts { members[name] = self[keyPath: path].map(JSONValue.string) }
        return Wire.object(dictionary: members)
    }

    public static var wireSchema: JSONSchema {
        let isoDate = JSONSchema.string.described("An IsoDate, YYYY-MM-DD.")
        var properties: [String: JSONSchema] = [
            "documentType": IdentityDocumentType.ref, "documentSubType": DocumentSubType.ref,
            "frontImage": FileRef.ref, "backImage": FileRef.ref,
        ]
        for (name, _) in texts { properties[name] = .string }
        for name in ["birthdate", "issueDate", "expirationDate"] { properties[name] = isoDate }
        return .closedObject(properties, description: "Every member is optional.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path,
            fields: Self.texts.map(\.0) + ["documentType", "documentSubType", "frontImage", "backImage"])
        for (name, keyPath) in Self.texts { self[keyPath: keyPath] = try fields.optionalText(name) }
        documentType = try fields.optionalValue("documentType")
        documentSubType = try fields.optionalValue("documentSubType")
        frontImage = try fields.optionalValue("frontImage")
        backImage = try fields.optionalValue("backImage")
    }
}

/// The kind of a document within its type (docs/inquiry-store.md "DocumentSubType"), a plain enumeration.
public enum DocumentSubType: String, WireStringEnum, Hashable {
    case passportRegular = "PASSPORT_REGULAR"
    case passportDiplomatic = "PASSPORT_DIPLOMATIC"
    case passportService = "PASSPORT_SERVICE"
    case passportEmergency = "PASSPORT_EMERGENCY"
    case identityCard = "IDENTITY_CARD"
    case drivingLicenseFull = "DRIVING_LICENSE_FULL"
    case drivingLicenseProvisional = "DRIVING_LICENSE_PROVISIONAL"
    case residencePermitPermanent = "RESIDENCE_PERMIT_PERMANENT"
    case residencePermitTemporary = "RESIDENCE_PERMIT_TEMPORARY"
    case other = "OTHER"
}

/// A file of a verifier output. Wire: `{reference, mimeType?}`; `reference` is the id of the IdentityFile
/// that holds it.
public struct FileRef: WireValue, WireDescribed, Hashable {
    public var reference: String
    public var mimeType: String?

    public init(reference: String, mimeType: String?) {
        self.reference = reference
        self.mimeType = mimeType
    }

    public var json: JSONValue {
        Wire.object(["reference": .string(reference), "mimeType": mimeType.map(JSONValue.string)])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "reference": JSONSchema.string.described("The id of the IdentityFile that holds it."),
                "mimeType": .string,
            ],
            required: ["reference"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["reference", "mimeType"])
        reference = try fields.text("reference")
        mimeType = try fields.optionalText("mimeType")
    }
}

/// A general document verification's result (never reaches a mapper). Wire: `{capturedDocumentFront?,
/// capturedDocumentBack?, documentGroup?, documentClass?, extracted: [{key, value}]}`.
public struct DocumentOutput: WireValue, WireDescribed, Hashable {
    public var capturedDocumentFront: FileRef?
    public var capturedDocumentBack: FileRef?
    public var documentGroup: String?
    public var documentClass: String?
    public var extracted: [DocumentExtractedValue]

    public var json: JSONValue {
        Wire.object([
            "capturedDocumentFront": capturedDocumentFront?.json, "capturedDocumentBack": capturedDocumentBack?.json,
            "documentGroup": documentGroup.map(JSONValue.string), "documentClass": documentClass.map(JSONValue.string),
            "extracted": Wire.array(extracted),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "capturedDocumentFront": FileRef.ref, "capturedDocumentBack": FileRef.ref, "documentGroup": .string,
                "documentClass": .string, "extracted": .array(DocumentExtractedValue.ref),
            ], required: ["extracted"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path,
            fields: ["capturedDocumentFront", "capturedDocumentBack", "documentGroup", "documentClass", "extracted"])
        capturedDocumentFront = try fields.optionalValue("capturedDocumentFront")
        capturedDocumentBack = try fields.optionalValue("capturedDocumentBack")
        documentGroup = try fields.optionalText("documentGroup")
        documentClass = try fields.optionalText("documentClass")
        extracted = try fields.optional("extracted") == nil ? [] : try fields.array("extracted", maxCount: 256)
    }
}

/// Wire: `{key, value}`.
public struct DocumentExtractedValue: WireValue, WireDescribed, Hashable {
    public var key: String
    public var value: String

    public var json: JSONValue { ["key": .string(key), "value": .string(value)] }

    public static var wireSchema: JSONSchema {
        .closedObject(["key": .string, "value": .string], required: ["key", "value"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["key", "value"])
        key = try fields.text("key")
        value = try fields.text("value")
    }
}
