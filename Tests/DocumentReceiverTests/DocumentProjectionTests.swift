import DocumentReceiver
import FolioModel
import FolioWire
import Foundation
import WireModel
import XCTest

/// The FolioDocument of a `digital` record (spec `folio-documents.md`, "FolioDocument", "Status", "Dates").
final class DocumentProjectionTests: XCTestCase {
    private let english = DocumentLocale(sdk: .english, deviceRegion: "GB")

    private func body(
        title: String? = nil, titles: [String: String] = [:], validFrom: String? = "2026-01-01",
        validUntil: String? = "2031-01-01", fields: [FolioDigitalDocument.Field] = []
    ) -> FolioDigitalDocument {
        FolioDigitalDocument(
            issuanceId: "iss_1",
            issuer: .init(id: "iss_demo", name: "Demo City", names: ["de": "Demostadt"]),
            documentType: .init(id: "dtpl_membership", name: "Membership card", names: ["de": "Mitgliedsausweis"]),
            title: title, titles: titles, defaultLocale: "en", validFrom: validFrom, validUntil: validUntil,
            issuedAt: Date(timeIntervalSince1970: 1_767_225_600), isTest: false, fields: fields)
    }

    private func field(
        _ key: String, _ kind: FolioDigitalDocument.FieldKind = .text, required: Bool = true, disclosed: Bool = true,
        value: String? = nil, photo: FolioDigitalDocument.Photo? = nil
    ) -> FolioDigitalDocument.Field {
        .init(
            key: key, kind: kind, label: key.capitalized, labels: ["de": "\(key.capitalized) (de)"], required: required,
            disclosed: disclosed, value: value, photo: photo)
    }

    private func day(_ text: String) throws -> Date { try XCTUnwrap(DocumentDates.start(of: text)) }

    private func project(
        _ body: FolioDigitalDocument, locale: DocumentLocale? = nil, revokedAt: Date? = nil, now: String = "2026-06-01"
    ) throws -> FolioDocument {
        DocumentProjection.document(
            recordID: "D_1", body: body, revokedAt: revokedAt, locale: locale ?? english, now: try day(now))
    }

    func testTheTitleIsTheIssuersTitleOrTheTemplateNameAndDocumentTypeNameHoldsTheSameText() throws {
        let untitled = try project(body())
        XCTAssertEqual(untitled.title, "Membership card")
        XCTAssertEqual(untitled.documentType, .init(id: "dtpl_membership", name: "Membership card"))
        let titled = try project(body(title: "Gold member", titles: ["de": "Goldmitglied"]))
        XCTAssertEqual(titled.title, "Gold member")
        XCTAssertEqual(titled.documentType.name, "Gold member")
    }

    func testTheTitleIsTranslatedIntoTheSdkLanguageWhenTheIssuerProvidesATranslation() throws {
        let german = DocumentLocale(sdk: LocaleTag("de-CH") ?? .english)
        XCTAssertEqual(try project(body(), locale: german).title, "Mitgliedsausweis")
        XCTAssertEqual(
            try project(body(title: "Gold member", titles: ["de": "Goldmitglied"]), locale: german).title,
            "Goldmitglied")
        let french = DocumentLocale(sdk: LocaleTag("fr") ?? .english)
        XCTAssertEqual(
            try project(body(title: "Gold member"), locale: french).title, "Gold member", "no translation: as set")
    }

    func testARequiredFieldWithoutValueKeepsItsRowWithTheLocalizedMissingText() throws {
        let document = try project(body(fields: [field("name", value: "Ada"), field("number")]))
        XCTAssertEqual(
            document.fields,
            [
                .init(key: "name", label: "Name", value: "Ada"),
                .init(key: "number", label: "Number", value: "Not provided"),
            ])
        let german = try project(
            body(fields: [field("number")]), locale: DocumentLocale(sdk: LocaleTag("de") ?? .english))
        XCTAssertEqual(german.fields, [.init(key: "number", label: "Number (de)", value: "Nicht angegeben")])
    }

    func testAnOptionalFieldWithoutValueIsLeftOut() throws {
        let document = try project(body(fields: [field("nickname", required: false), field("name", value: "Ada")]))
        XCTAssertEqual(document.fields.map(\.key), ["name"])
    }

    func testFieldsTheIssuerDoesNotDiscloseToVerifiersAreShown() throws {
        let document = try project(body(fields: [field("secret", disclosed: false, value: "42")]))
        XCTAssertEqual(document.fields, [.init(key: "secret", label: "Secret", value: "42")])
    }

    func testImagesAreInPhotosAsAttachmentReferencesWithTheirSizeAndFormat() throws {
        let photo = FolioDigitalDocument.Photo(attachmentId: "att_1", mimeType: "image/png", width: 3, height: 4)
        let document = try project(
            body(fields: [field("portrait", .photo, photo: photo), field("name", value: "Ada")]))
        XCTAssertEqual(document.fields.map(\.key), ["name"], "a photo is not a field")
        XCTAssertEqual(
            document.photos,
            [
                .init(
                    key: "portrait", label: "Portrait",
                    image: .init(attachmentId: "att_1", image: .init(width: 3, height: 4, format: "PNG")))
            ])
        XCTAssertEqual(
            document.photos.first?.image.json,
            ["attachmentId": "att_1", "image": ["width": 3, "height": 4, "file": ["type": "PNG"]]])
    }

    func testStatusIsNotYetValidUntil0000UtcOfTheFirstValidDay() throws {
        let document = body(validFrom: "2026-07-01", validUntil: nil)
        XCTAssertEqual(try project(document, now: "2026-06-30").status, .notYetValid)
        let lastSecond = try day("2026-07-01").addingTimeInterval(-1)
        XCTAssertEqual(
            DocumentStatusRule.status(validFrom: "2026-07-01", validUntil: nil, revokedAt: nil, now: lastSecond),
            .notYetValid)
        XCTAssertEqual(try project(document, now: "2026-07-01").status, .valid, "valid from 00:00 UTC of that day")
    }

    func testStatusIsExpiredFrom0000UtcOfTheValidUntilDate() throws {
        let lastSecond = try day("2031-01-01").addingTimeInterval(-1)
        XCTAssertEqual(
            DocumentStatusRule.status(validFrom: nil, validUntil: "2031-01-01", revokedAt: nil, now: lastSecond), .valid
        )
        XCTAssertEqual(try project(body(), now: "2031-01-01").status, .expired)
    }

    func testRevokedFollowsRevokedAtOfTheRecordsHeader() throws {
        XCTAssertEqual(try project(body(), revokedAt: try day("2026-03-01")).status, .revoked)
        XCTAssertEqual(try project(body(validUntil: "2026-02-01"), revokedAt: try day("2026-01-15")).status, .revoked)
    }

    func testStatusWireShapesAreObjectsWithoutPayload() {
        XCTAssertEqual(
            FolioDocumentStatus.allCases.map(\.json),
            [
                ["type": "VALID"], ["type": "NOT_YET_VALID"], ["type": "EXPIRED"], ["type": "REVOKED"],
            ])
    }

    func testRegionsUsPhFmMhPwPutTheMonthFirstAndEveryOtherRegionTheDayFirst() {
        for region in ["US", "PH", "FM", "MH", "PW"] {
            let locale = DocumentLocale(sdk: LocaleTag("en-\(region)") ?? .english)
            XCTAssertEqual(DocumentDates.format("2026-12-31", in: locale), "Dec 31, 2026", region)
        }
        for region in ["GB", "DE", "CH", "AU", "IN"] {
            let locale = DocumentLocale(sdk: LocaleTag("en-\(region)") ?? .english)
            XCTAssertEqual(DocumentDates.format("2026-12-31", in: locale), "31 Dec 2026", region)
        }
    }

    func testAnSdkLocaleWithoutRegionTakesTheRegionOfTheDeviceLocale() {
        XCTAssertEqual(
            DocumentDates.format("2026-12-31", in: DocumentLocale(sdk: .english, deviceRegion: "US")), "Dec 31, 2026")
        XCTAssertEqual(
            DocumentDates.format("2026-12-31", in: DocumentLocale(sdk: .english, deviceRegion: "DE")), "31 Dec 2026")
        XCTAssertEqual(
            DocumentDates.format(
                "2026-12-31", in: DocumentLocale(sdk: LocaleTag("en-GB") ?? .english, deviceRegion: "US")),
            "31 Dec 2026", "the SDK locale's own region wins")
    }

    func testMonthNamesAreInTheSdkLanguageFromThePlatformsLocaleData() {
        let german = DocumentDates.format("2026-03-05", in: DocumentLocale(sdk: LocaleTag("de-DE") ?? .english))
        XCTAssertEqual(german, "5 \(DocumentDates.monthName(3, language: "de")) 2026")
        XCTAssertNotEqual(DocumentDates.monthName(3, language: "de"), DocumentDates.monthName(3, language: "en"))
        XCTAssertEqual(DocumentDates.monthName(12, language: "en"), "Dec")
    }

    func testDateFieldsAndValidityDatesAreFormattedInTheSdkLocale() throws {
        let document = try project(
            body(fields: [field("born", .date, value: "1990-04-09")]),
            locale: DocumentLocale(sdk: LocaleTag("en-US") ?? .english))
        XCTAssertEqual(document.fields.first?.value, "Apr 9, 1990")
        XCTAssertEqual(document.validFrom, "Jan 1, 2026")
        XCTAssertEqual(document.validUntil, "Jan 1, 2031")
    }

    func testTheWireShapeReadsBack() throws {
        let photo = FolioDigitalDocument.Photo(attachmentId: "att_1", mimeType: "image/jpeg", width: 30, height: 40)
        let document = try project(
            body(fields: [field("name", value: "Ada"), field("portrait", .photo, photo: photo)]))
        XCTAssertEqual(try FolioDocument(json: document.json), document)
    }
}
