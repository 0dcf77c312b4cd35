import FolioModel
import FolioWire
import Foundation
import ServiceKit
import WireModel

/// The vault's `digital` records as FolioDocuments: each body decoded and projected in the runtime's locale at
/// the time of the read, each photo given the reference of the session that read it. A record that cannot be
/// read or projected is left out and named, so one broken record never hides the others.
public enum DocumentReading {
    public struct Projected: Sendable, Equatable {
        public var documents: [FolioDocument]
        /// Records left out, with why.
        public var unreadable: [VaultDocuments.Unreadable]
    }

    public static func project(_ read: VaultDocuments, locale: DocumentLocale, now: Date) -> Projected {
        var documents: [FolioDocument] = []
        var unreadable = read.unreadable
        for stored in read.documents {
            do {
                let body = try FolioWireJSON.decode(FolioDigitalDocument.self, from: stored.body)
                var document = DocumentProjection.document(
                    recordID: stored.id, body: body,
                    revokedAt: stored.revokedAt.map { Date(timeIntervalSince1970: Double($0)) }, locale: locale,
                    now: now)
                document.photos = document.photos.compactMap { photo in
                    guard let ref = stored.photos[photo.image.attachmentId] else { return nil }
                    var scoped = photo
                    scoped.image.attachmentId = ref
                    return scoped
                }
                documents.append(document)
            } catch {
                unreadable.append(.init(id: stored.id, reason: "the body is not a digital document: \(error)"))
            }
        }
        return Projected(documents: documents, unreadable: unreadable)
    }

    /// The locale documents are shown in: the SDK locale, and the device locale's region for one that names none.
    public static func locale(of facts: RuntimeFacts) -> DocumentLocale {
        DocumentLocale(
            sdk: facts.localeOrEnglish, deviceRegion: facts.deviceLocale.flatMap { DocumentLocale(sdk: $0).region })
    }
}
