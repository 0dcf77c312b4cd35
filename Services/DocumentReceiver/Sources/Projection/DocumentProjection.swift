import FolioClient
import Foundation

/// A `digital` record of the vault as a FolioDocument (spec `folio-documents.md`): computed again on every read,
/// so its status and texts follow the time and the SDK locale of that read.
public enum DocumentProjection {
    public static func document(
        recordID: String, body: FolioDigitalDocument, revokedAt: Date?, locale: DocumentLocale, now: Date
    ) -> FolioDocument {
        let language = locale.language
        let typeName = DocumentTexts.translated(body.documentType.name, body.documentType.names, language: language)
        let title = body.title.map { DocumentTexts.translated($0, body.titles, language: language) } ?? typeName
        var fields: [FolioDocumentField] = []
        var photos: [FolioDocumentPhoto] = []
        for field in body.fields {
            let label = DocumentTexts.translated(field.label, field.labels, language: language)
            switch field.kind {
            case .photo:
                // Images go to photos; a photo the issuer did not attach has nothing to show.
                guard let photo = field.photo else { continue }
                photos.append(
                    FolioDocumentPhoto(
                        key: field.key, label: label,
                        image: DocumentAttachmentRef(
                            attachmentId: photo.attachmentId,
                            image: .init(
                                width: Int64(photo.width), height: Int64(photo.height),
                                format: format(mimeType: photo.mimeType)))))
            case .text, .date:
                if let value = field.value {
                    let text = field.kind == .date ? shown(day: value, in: locale) : value
                    fields.append(FolioDocumentField(key: field.key, label: label, value: text))
                } else if field.required {
                    fields.append(
                        FolioDocumentField(
                            key: field.key, label: label, value: DocumentTexts.missingValue(language: language)))
                }
            }
        }
        return FolioDocument(
            id: recordID, title: title,
            documentType: .init(id: body.documentType.id, name: title),
            issuer: .init(
                id: body.issuer.id,
                name: DocumentTexts.translated(body.issuer.name, body.issuer.names, language: language)),
            status: DocumentStatusRule.status(
                validFrom: body.validFrom, validUntil: body.validUntil, revokedAt: revokedAt, now: now),
            isTest: body.isTest,
            validFrom: body.validFrom.map { shown(day: $0, in: locale) },
            validUntil: body.validUntil.map { shown(day: $0, in: locale) },
            fields: fields, photos: photos)
    }

    /// A day formatted in the locale; a value that is not a day is shown as the issuer wrote it.
    static func shown(day: String, in locale: DocumentLocale) -> String {
        DocumentDates.format(day, in: locale) ?? day
    }

    /// The file format of an image by its media type.
    static func format(mimeType: String) -> String {
        switch mimeType.lowercased() {
        case "image/png": "PNG"
        case "image/jpeg", "image/jpg": "JPEG"
        default: "OTHER"
        }
    }
}
