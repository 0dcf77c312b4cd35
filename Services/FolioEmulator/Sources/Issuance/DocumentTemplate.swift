import FolioModel
import FolioWire

/// A document an issuer issues, from the `documentTemplates` fixtures: its name and translations, its fields
/// and how long a document of it is valid.
struct DocumentTemplate: Sendable {
    struct Field: Sendable {
        var key: String
        var kind: FolioDigitalDocument.FieldKind
        /// The label's translations by language code; the default language is required.
        var labels: [String: String]
        var required: Bool
        var disclosed: Bool
        /// TEXT and DATE: the inquiry field key whose submitted value fills the field.
        var source: String?
        /// TEXT and DATE: the value when neither the decision nor the inquiry gives one.
        var sample: String?
    }

    var id: String
    var issuerId: String
    var name: String
    var names: [String: String]
    var defaultLocale: String
    /// Days from the day of issue to `validUntil`; nil for no end.
    var validityDays: Int?
    var fields: [Field]

    var named: FolioDigitalDocument.Named {
        FolioDigitalDocument.Named(id: id, name: name, names: names)
    }

    private struct Fixture: Decodable {
        struct FieldFixture: Decodable {
            var key: String
            var kind: String
            var labels: [String: String]
            var required: Bool?
            var disclosed: Bool?
            var source: String?
            var sample: String?
        }

        var id: String
        var issuerId: String
        var name: String
        var names: [String: String]?
        var defaultLocale: String?
        var validityDays: Int?
        var fields: [FieldFixture]
    }

    /// Reads the `documentTemplates` fixtures; a malformed template names its file.
    static func load(from fixtures: FixtureSet) throws(EmulatorError) -> [String: DocumentTemplate] {
        var templates: [String: DocumentTemplate] = [:]
        for record in fixtures["documentTemplates"] {
            let fixture: Fixture
            do {
                fixture = try record.value.decode(Fixture.self)
            } catch {
                throw .invalidFixture(record.file, "documentTemplates \(record.id): \(error)")
            }
            let locale = fixture.defaultLocale ?? "en"
            var fields: [Field] = []
            for field in fixture.fields {
                let problem: String?
                let kind = FolioDigitalDocument.FieldKind(rawValue: field.kind)
                if kind == nil {
                    problem = "field \(field.key): kind must be TEXT, DATE or PHOTO"
                } else if field.labels[locale] == nil {
                    problem = "field \(field.key): labels need the default locale \(locale)"
                } else if fields.contains(where: { $0.key == field.key }) {
                    problem = "field \(field.key) is listed twice"
                } else if kind == .date, let sample = field.sample, RFC3339.parseDay(sample) == nil {
                    problem = "field \(field.key): a DATE sample is YYYY-MM-DD"
                } else {
                    problem = nil
                }
                guard let kind, problem == nil else {
                    throw .invalidFixture(record.file, "documentTemplates \(record.id): \(problem ?? "")")
                }
                fields.append(
                    Field(
                        key: field.key, kind: kind, labels: field.labels, required: field.required ?? false,
                        disclosed: field.disclosed ?? true, source: field.source, sample: field.sample))
            }
            if let days = fixture.validityDays, days < 1 {
                throw .invalidFixture(record.file, "documentTemplates \(record.id): validityDays must be at least 1")
            }
            templates[record.id] = DocumentTemplate(
                id: record.id, issuerId: fixture.issuerId, name: fixture.name, names: fixture.names ?? [:],
                defaultLocale: locale, validityDays: fixture.validityDays, fields: fields)
        }
        return templates
    }
}
