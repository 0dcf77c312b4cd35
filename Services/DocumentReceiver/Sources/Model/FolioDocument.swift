import Bus
import FolioModel
import WireModel

/// An issued document in the one render-ready shape of the SDK (spec `folio-documents.md`, docs/documents.md):
/// every text in the SDK locale, dates formatted, status computed. Wire:
/// `{id, title, documentType: {id, name}, issuer: {id, name}, status, isTest, validFrom?, validUntil?, fields,
/// photos}`.
public struct FolioDocument: WireValue, WireDescribed, Hashable {
    /// The vault record's id.
    public var id: String
    /// The issuer's title, or the document type's name when it set none, in the SDK language when translated.
    public var title: String
    /// The template it was issued from; `name` is the same text as `title`.
    public var documentType: Named
    /// Who issued it.
    public var issuer: Named
    public var status: FolioDocumentStatus
    /// A specimen that must not be used as a real document.
    public var isTest: Bool
    /// The first valid day, formatted; nil when the document names none.
    public var validFrom: String?
    /// The day it expires (at 00:00 UTC), formatted; nil for no end.
    public var validUntil: String?
    public var fields: [FolioDocumentField]
    public var photos: [FolioDocumentPhoto]

    public init(
        id: String, title: String, documentType: Named, issuer: Named, status: FolioDocumentStatus,
        isTest: Bool, validFrom: String?, validUntil: String?, fields: [FolioDocumentField],
        photos: [FolioDocumentPhoto]
    ) {
        self.id = id
        self.title = title
        self.documentType = documentType
        self.issuer = issuer
        self.status = status
        self.isTest = isTest
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.fields = fields
        self.photos = photos
    }

    /// A document type (the template it was issued from) or an issuer: its id and its name in the SDK language
    /// when translated. Wire: `{id, name}`.
    public struct Named: WireValue, WireDescribed, Hashable {
        public var id: String
        public var name: String

        public init(id: String, name: String) {
            self.id = id
            self.name = name
        }

        public var json: JSONValue { ["id": .string(id), "name": .string(name)] }

        public static var wireName: String { "FolioDocumentNamed" }

        public static var wireSchema: JSONSchema {
            .closedObject(
                ["id": .string, "name": JSONSchema.string.described("In the SDK language when translated.")],
                required: ["id", "name"], description: "A document type (the template it was issued from) or an issuer."
            )
        }

        public init(json: JSONValue, path: String) throws(WireDecodingError) {
            let object = try WireObject(json, path: path, fields: ["id", "name"])
            self.init(id: try object.string("id", .modelText), name: try object.string("name", .modelText))
        }
    }

    public var json: JSONValue {
        Wire.object([
            "id": .string(id), "title": .string(title), "documentType": documentType.json, "issuer": issuer.json,
            "status": status.json, "isTest": .bool(isTest), "validFrom": validFrom.map(JSONValue.string),
            "validUntil": validUntil.map(JSONValue.string), "fields": Wire.array(fields), "photos": Wire.array(photos),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": JSONSchema.string.described("The vault record's id."),
                "title": JSONSchema.string.described(
                    "The title the issuer set, else the name of its document template, in the SDK language when "
                        + "translated."),
                "documentType": Named.ref, "issuer": Named.ref, "status": FolioDocumentStatus.ref,
                "isTest": JSONSchema.boolean.described("A specimen that must not be used as a real document."),
                "validFrom": JSONSchema.string.described("The first valid day, formatted; absent when none."),
                "validUntil": JSONSchema.string.described("The day it expires, formatted; absent for no end."),
                "fields": .array(FolioDocumentField.ref), "photos": .array(FolioDocumentPhoto.ref),
            ],
            required: ["id", "title", "documentType", "issuer", "status", "isTest", "fields", "photos"],
            description: "An issued document, render-ready: texts in the SDK locale, dates formatted.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(
            json, path: path,
            fields: [
                "id", "title", "documentType", "issuer", "status", "isTest", "validFrom", "validUntil", "fields",
                "photos",
            ])
        guard let isTest = object.optional("isTest")?.boolValue else {
            throw .wrongType(object.path("isTest"), expected: "a boolean")
        }
        self.init(
            id: try object.string("id", .modelText), title: try object.string("title", .modelText),
            documentType: try object.value("documentType"), issuer: try object.value("issuer"),
            status: try object.value("status"), isTest: isTest,
            validFrom: try object.optionalString("validFrom", .modelText),
            validUntil: try object.optionalString("validUntil", .modelText),
            fields: try Self.array(object, "fields"), photos: try Self.array(object, "photos"))
    }

    /// FolioDocument and every wire type it references, for the contracts of the stores that show documents.
    public static var wireTypes: [any WireDescribed.Type] {
        [
            FolioDocument.self, Named.self, FolioDocumentStatus.self, FolioDocumentField.self,
            FolioDocumentPhoto.self, DocumentAttachmentRef.self,
        ]
    }

    private static func array<T: WireValue>(_ object: WireObject, _ key: String) throws(WireDecodingError) -> [T] {
        guard let elements = object.optional(key)?.arrayValue else {
            throw .wrongType(object.path(key), expected: "an array")
        }
        var values: [T] = []
        for (index, element) in elements.enumerated() {
            values.append(try T(json: element, path: "\(object.path(key))[\(index)]"))
        }
        return values
    }
}

/// Whether a document can be used now. Wire: `{type: 'VALID' | 'NOT_YET_VALID' | 'EXPIRED' | 'REVOKED'}`.
public enum FolioDocumentStatus: WirePlainEnum {
    case valid
    case notYetValid
    case expired
    case revoked

    public var wireType: String {
        switch self {
        case .valid: "VALID"
        case .notYetValid: "NOT_YET_VALID"
        case .expired: "EXPIRED"
        case .revoked: "REVOKED"
        }
    }
}

/// One row of a document: its label and value, both ready to show. Wire: `{key, label, value}`.
public struct FolioDocumentField: WireValue, WireDescribed, Hashable {
    /// The issuer's key of the field (stable across languages).
    public var key: String
    public var label: String
    /// The value, a formatted date for a date field, or the localized text for a missing value.
    public var value: String

    public init(key: String, label: String, value: String) {
        self.key = key
        self.label = label
        self.value = value
    }

    public var json: JSONValue { ["key": .string(key), "label": .string(label), "value": .string(value)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "key": JSONSchema.string.described("The issuer's key of the field, stable across languages."),
                "label": .string,
                "value": JSONSchema.string.described(
                    "A formatted day for a date field, or the localized text for a missing value."),
            ], required: ["key", "label", "value"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["key", "label", "value"])
        self.init(
            key: try object.string("key", .modelText), label: try object.string("label", .modelText),
            value: try object.string("value", .modelText))
    }
}

/// A picture on a document. Wire: `{key, label, image: AttachmentRef}`.
public struct FolioDocumentPhoto: WireValue, WireDescribed, Hashable {
    public var key: String
    public var label: String
    public var image: DocumentAttachmentRef

    public init(key: String, label: String, image: DocumentAttachmentRef) {
        self.key = key
        self.label = label
        self.image = image
    }

    public var json: JSONValue { ["key": .string(key), "label": .string(label), "image": image.json] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["key": .string, "label": .string, "image": DocumentAttachmentRef.ref], required: ["key", "label", "image"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["key", "label", "image"])
        self.init(
            key: try object.string("key", .modelText), label: try object.string("label", .modelText),
            image: try object.value("image"))
    }
}

/// A reference to an encrypted image in the vault, valid for the session that listed it: its bytes are read
/// with `attachment.getBytes {attachmentId}` by that session only. Wire: `{attachmentId, image?: {width, height,
/// file: {type: 'PNG' | 'JPEG' | 'OTHER'}}}`.
public struct DocumentAttachmentRef: WireValue, WireDescribed, Hashable {
    public var attachmentId: String
    public var image: ImageMeta?

    /// The picture's size and its file's format.
    public struct ImageMeta: Hashable, Sendable {
        public var width: Int64
        public var height: Int64
        /// `PNG`, `JPEG` or `OTHER`.
        public var format: String

        public init(width: Int64, height: Int64, format: String) {
            self.width = width
            self.height = height
            self.format = format
        }
    }

    public init(attachmentId: String, image: ImageMeta?) {
        self.attachmentId = attachmentId
        self.image = image
    }

    public var json: JSONValue {
        Wire.object([
            "attachmentId": .string(attachmentId),
            "image": image.map {
                ["width": .int($0.width), "height": .int($0.height), "file": Wire.tagged($0.format)] as JSONValue
            },
        ])
    }

    /// The spec's name.
    public static var wireName: String { "AttachmentRef" }

    /// `image` is the spec's ImageMeta, described in place.
    public static var wireSchema: JSONSchema {
        let size = JSONSchema.integer.described("Pixels.")
        return .closedObject(
            [
                "attachmentId": JSONSchema.string.described(
                    "Read its bytes with attachment.getBytes, by the session that listed it."),
                "image": .closedObject(
                    [
                        "width": size, "height": size,
                        "file": .oneOf(["PNG", "JPEG", "OTHER"].map { .taggedCase($0) }).described("The file format."),
                    ], required: ["width", "height", "file"], description: "The picture's size and file format."),
            ], required: ["attachmentId"], description: "A reference to an encrypted image in the vault.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["attachmentId", "image"])
        var image: ImageMeta?
        if let meta = object.optional("image") {
            let fields = try WireObject(meta, path: object.path("image"), fields: ["width", "height", "file"])
            let file = try WireCase(try fields.required("file"), path: fields.path("file"))
            try file.noFields()
            image = ImageMeta(width: try fields.int64("width"), height: try fields.int64("height"), format: file.type)
        }
        self.init(attachmentId: try object.string("attachmentId", .modelText), image: image)
    }
}
