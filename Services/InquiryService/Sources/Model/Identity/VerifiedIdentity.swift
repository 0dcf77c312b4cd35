import Bus
import FolioModel
import Images
import WireModel

/// The result of a government id verification (spec "Verified identity", identity-records.md
/// "VerifiedIdentity"): what the mapper receives and what `InquiryUiModel.identity` shows once it is saved.
/// Wire: `{inquiryId, selectedDocumentType?, output, issuedAt, expiresAt, files}`.
public struct VerifiedIdentity: WireValue, WireDescribed, Hashable {
    public var inquiryId: String
    /// The type the person picked in a GovId step or the chip document of a GovIdNfc step; absent when the step
    /// names none.
    public var selectedDocumentType: IdentityDocumentType?
    public var output: VerifierOutput
    /// Unix seconds, from the signed verification outcome (`iat`, `exp`).
    public var issuedAt: Int64
    public var expiresAt: Int64
    /// `outcome.jwt` first, then the verifier's artifacts in ArtifactField order.
    public var files: [IdentityFile]

    public init(
        inquiryId: String, selectedDocumentType: IdentityDocumentType?, output: VerifierOutput, issuedAt: Int64,
        expiresAt: Int64, files: [IdentityFile]
    ) {
        self.inquiryId = inquiryId
        self.selectedDocumentType = selectedDocumentType
        self.output = output
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.files = files
    }

    public var json: JSONValue {
        Wire.object([
            "inquiryId": .string(inquiryId), "selectedDocumentType": selectedDocumentType?.json, "output": output.json,
            "issuedAt": .int(issuedAt), "expiresAt": .int(expiresAt), "files": Wire.array(files),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "inquiryId": .string, "selectedDocumentType": IdentityDocumentType.ref, "output": VerifierOutput.ref,
                "issuedAt": JSONSchema.integer.described("Unix seconds: the signed outcome's iat."),
                "expiresAt": JSONSchema.integer.described("Unix seconds: the signed outcome's exp."),
                "files": JSONSchema.array(IdentityFile.ref).described(
                    "outcome.jwt first, then in ArtifactField order."),
            ], required: ["inquiryId", "output", "issuedAt", "expiresAt", "files"],
            description: "The verified identity, once it is saved in the vault.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path,
            fields: ["inquiryId", "selectedDocumentType", "output", "issuedAt", "expiresAt", "files"])
        inquiryId = try fields.text("inquiryId")
        selectedDocumentType = try fields.optionalValue("selectedDocumentType")
        output = try fields.value("output")
        issuedAt = try fields.int64("issuedAt")
        expiresAt = try fields.int64("expiresAt")
        files = try fields.array("files", maxCount: 16)
    }
}

/// One stored file of a verified identity: the signed outcome or an artifact, under the id of the vault
/// attachment that holds it. Wire: `{id, field: ArtifactField, format: BinaryFormat}`.
public struct IdentityFile: WireValue, WireDescribed, Hashable {
    public var id: String
    public var field: ArtifactField
    public var format: BinaryFormat

    public init(id: String, field: ArtifactField, format: BinaryFormat) {
        self.id = id
        self.field = field
        self.format = format
    }

    public var json: JSONValue { ["id": .string(id), "field": field.json, "format": format.json] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": JSONSchema.string.described("The vault attachment that holds the file (AT_...)."),
                "field": ArtifactField.ref, "format": BinaryFormat.ref,
            ], required: ["id", "field", "format"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "field", "format"])
        id = try fields.text("id")
        field = try fields.value("field")
        format = try fields.value("format")
    }
}

/// A verification artifact, written and read only as its wire name (identity-records.md "ArtifactField").
/// The cases are in ArtifactField order: the order of a VerifiedIdentity's files.
public enum ArtifactField: String, WireStringEnum, Hashable, Comparable {
    case outcomeJwt = "outcome.jwt"
    case documentFront = "document.front"
    case documentBack = "document.back"
    case documentBarcode = "document.barcode"

    public static func < (lhs: ArtifactField, rhs: ArtifactField) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}

/// What a file holds. An identity's artifacts are always IMAGE; the signed outcome is OTHER
/// `application/jwt`. Wire: `{type: "IMAGE", value: ImageMeta}`, `{type: "OTHER", value: {mediaType}}`,
/// `{type: "PDF" | "JSON" | "ENC" | "TXT" | "PKPASS" | "BYTES"}`.
public enum BinaryFormat: WireValue, WireDescribed, Hashable {
    case image(ImageMetaView)
    case pdf, json, enc, txt, pkpass, bytes
    case other(mediaType: String)

    private static let plain: [String: BinaryFormat] = [
        "PDF": .pdf, "JSON": .json, "ENC": .enc, "TXT": .txt, "PKPASS": .pkpass, "BYTES": .bytes,
    ]

    public var json: JSONValue {
        switch self {
        case .image(let meta): TaggedValue(type: "IMAGE", value: meta.json).json
        case .pdf: Wire.tagged("PDF")
        case .json: Wire.tagged("JSON")
        case .enc: Wire.tagged("ENC")
        case .txt: Wire.tagged("TXT")
        case .pkpass: Wire.tagged("PKPASS")
        case .bytes: Wire.tagged("BYTES")
        case .other(let mediaType): Wire.tagged("OTHER", ["mediaType": .string(mediaType)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "IMAGE": ImageMetaView.ref, "PDF": nil, "JSON": nil, "ENC": nil, "TXT": nil, "PKPASS": nil, "BYTES": nil,
            "OTHER": .closedObject(["mediaType": .string], required: ["mediaType"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "IMAGE": self = .image(try ImageMetaView(json: tagged.value ?? .null, path: path + ".value"))
        case "OTHER": self = .other(mediaType: try tagged.fields(["mediaType"]).text("mediaType"))
        default:
            guard let plain = Self.plain[tagged.type] else {
                throw tagged.unknownType(["IMAGE", "OTHER"] + Self.plain.keys.sorted())
            }
            try tagged.noFields()
            self = plain
        }
    }
}

/// The image the store read from an artifact's bytes. Wire: `{width, height, sizeBytes, format}`.
public struct ImageMetaView: WireValue, WireDescribed, Hashable {
    public var width: Int64
    public var height: Int64
    public var sizeBytes: Int64
    /// The image format as its loader names it: `JPEG`, `PNG`, `WEBP`, `HEIF`, `TIFF`, `GIF` or `OTHER`.
    public var format: String

    public init(width: Int64, height: Int64, sizeBytes: Int64, format: String) {
        self.width = width
        self.height = height
        self.sizeBytes = sizeBytes
        self.format = format
    }

    public var json: JSONValue {
        ["width": .int(width), "height": .int(height), "sizeBytes": .int(sizeBytes), "format": .string(format)]
    }

    /// The spec's ImageMeta, named for the store: the documents' ImageMeta has another shape.
    public static var wireName: String { "InquiryImageMeta" }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "width": .integer, "height": .integer, "sizeBytes": .integer,
                "format": JSONSchema.enumeration(ImageFormat.allCases.map { $0.rawValue.uppercased() }).described(
                    "The image format as libvips read it."),
            ], required: ["width", "height", "sizeBytes", "format"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["width", "height", "sizeBytes", "format"])
        width = try fields.int64("width")
        height = try fields.int64("height")
        sizeBytes = try fields.int64("sizeBytes")
        format = try fields.text("format")
    }
}
