import Foundation

/// The body of a vault record of the schema `digital` (docs/folio-api.md, "The record of an issued document"):
/// a document an issuer issued, as JSON, sealed like every record body.
public struct FolioDigitalDocument: Codable, Sendable, Equatable {
    /// The schema name of issued documents (Folio holds it qualified, `<organizationId>:digital`).
    public static let schema = "digital"
    /// The format version of this body.
    public static let version: Int64 = 1

    /// What a field holds.
    public enum FieldKind: String, FolioWireEnum, CaseIterable {
        case text = "TEXT"
        /// A day, `YYYY-MM-DD`.
        case date = "DATE"
        /// An image, an attachment of the record.
        case photo = "PHOTO"
    }

    /// An issuer or a document type: its id, its name and the name's translations by language code.
    public struct Named: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var names: [String: String]

        /// Creates a name.
        public init(id: String, name: String, names: [String: String]) {
            self.id = id
            self.name = name
            self.names = names
        }
    }

    /// The image of a PHOTO field: an attachment of the record, sealed with the record key.
    public struct Photo: Codable, Sendable, Equatable {
        /// The id of the attachment at Folio (`att_...`).
        public var attachmentId: String
        /// `image/png` or `image/jpeg`.
        public var mimeType: String
        public var width: Int
        public var height: Int

        /// Creates a photo.
        public init(attachmentId: String, mimeType: String, width: Int, height: Int) {
            self.attachmentId = attachmentId
            self.mimeType = mimeType
            self.width = width
            self.height = height
        }
    }

    /// One field of the document, in the order of the template.
    public struct Field: Codable, Sendable, Equatable {
        public var key: String
        public var kind: FieldKind
        /// The label in the document's default language.
        public var label: String
        /// The label's translations by language code.
        public var labels: [String: String]
        public var required: Bool
        /// False for a field the issuer does not disclose to verifiers (the holder still sees it).
        public var disclosed: Bool
        /// TEXT and DATE: the value, nil when the issuer filled in none (a required field keeps its row).
        public var value: String?
        /// PHOTO: the image, nil when the issuer attached none.
        public var photo: Photo?

        /// Creates a field.
        public init(
            key: String, kind: FieldKind, label: String, labels: [String: String], required: Bool, disclosed: Bool,
            value: String?, photo: Photo?
        ) {
            self.key = key
            self.kind = kind
            self.label = label
            self.labels = labels
            self.required = required
            self.disclosed = disclosed
            self.value = value
            self.photo = photo
        }
    }

    /// The issuance that issued it.
    public var issuanceId: String
    public var issuer: Named
    /// The document template.
    public var documentType: Named
    /// The title the issuer set; nil when it set none (show the document type's name).
    public var title: String?
    /// The title's translations by language code (empty without a title).
    public var titles: [String: String]
    /// The language of `label`, `title` and the names.
    public var defaultLocale: String
    /// The first valid day, `YYYY-MM-DD` (UTC), or nil.
    public var validFrom: String?
    /// The day the document expires at 00:00 UTC, `YYYY-MM-DD`, or nil for no end.
    public var validUntil: String?
    public var issuedAt: Date
    /// A specimen that must not be used as a real document.
    public var isTest: Bool
    public var fields: [Field]

    /// Creates a document body.
    public init(
        issuanceId: String, issuer: Named, documentType: Named, title: String?, titles: [String: String],
        defaultLocale: String, validFrom: String?, validUntil: String?, issuedAt: Date, isTest: Bool, fields: [Field]
    ) {
        self.issuanceId = issuanceId
        self.issuer = issuer
        self.documentType = documentType
        self.title = title
        self.titles = titles
        self.defaultLocale = defaultLocale
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.issuedAt = issuedAt
        self.isTest = isTest
        self.fields = fields
    }
}
