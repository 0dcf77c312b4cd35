import FolioModel

extension InquiryTemplate {
    /// Reads and checks every `inquiryTemplates` record; a malformed template names its file.
    static func load(from fixtures: FixtureSet) throws(EmulatorError) -> [String: InquiryTemplate] {
        var templates: [String: InquiryTemplate] = [:]
        for record in fixtures["inquiryTemplates"] {
            do throws(TemplateError) {
                templates[record.id] = try InquiryTemplate(record.id, record.value)
            } catch {
                throw .invalidFixture(record.file, "inquiryTemplates \(record.id): \(error.message)")
            }
        }
        return templates
    }

    struct TemplateError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    init(_ id: String, _ value: JSONValue) throws(TemplateError) {
        self.id = id
        guard let defaultLocale = value["defaultLocale"]?.stringValue, !defaultLocale.isEmpty else {
            throw TemplateError("defaultLocale must be a non-empty string")
        }
        self.defaultLocale = defaultLocale
        languages = []
        for (index, language) in (value["languages"]?.arrayValue ?? []).enumerated() {
            guard let code = language["code"]?.stringValue, let name = language["name"]?.stringValue,
                let nativeName = language["nativeName"]?.stringValue, !code.isEmpty
            else {
                throw TemplateError("languages[\(index)] must be {code, name, nativeName}")
            }
            guard !languages.contains(where: { $0.code == code }) else {
                throw TemplateError("language \(code) is listed twice")
            }
            languages.append(Language(code: code, name: name, nativeName: nativeName))
        }
        guard languages.contains(where: { $0.code == defaultLocale }) else {
            throw TemplateError("languages must include the defaultLocale \(defaultLocale)")
        }
        let redirect = value["terminal"]?["redirect"]
        guard redirect == nil || redirect?.isNull == true || redirect?.stringValue != nil else {
            throw TemplateError("terminal.redirect must be a string")
        }
        self.redirect = redirect?.stringValue
        issuance = try Self.issuanceOffer(value["issuance"])
        steps = []
        for (index, step) in (value["steps"]?.arrayValue ?? []).enumerated() {
            let path = "steps[\(index)]"
            guard let stepId = step["id"]?.stringValue, !stepId.isEmpty, stepId != Self.observerStepId else {
                throw TemplateError("\(path) needs a string id other than \"\(Self.observerStepId)\"")
            }
            guard !steps.contains(where: { $0.id == stepId }) else {
                throw TemplateError("step id \(stepId) is used twice")
            }
            if let verification = step["verification"] {
                guard step["screen"] == nil else { throw TemplateError("\(path) has both a screen and a verification") }
                steps.append(
                    Step(
                        id: stepId, containers: [], fields: [],
                        verification: try InquiryVerificationTemplate(
                            verification, path: "\(path).verification", defaultLocale: defaultLocale)))
                continue
            }
            guard let containers = step["screen"]?["containers"], containers.arrayValue != nil else {
                throw TemplateError("\(path).screen.containers must be an array")
            }
            try Self.checkTranslations(containers, path: "\(path).screen", defaultLocale: defaultLocale)
            let fields = try Self.fields(of: containers, path: "\(path).screen")
            steps.append(Step(id: stepId, containers: containers, fields: fields))
        }
        guard !steps.isEmpty else { throw TemplateError("steps must not be empty") }
    }

    /// Checks the containers and elements and returns the FIELD elements.
    private static func fields(of containers: JSONValue, path: String) throws(TemplateError) -> [Field] {
        var fields: [Field] = []
        var ids: Set<String> = []
        for (index, container) in (containers.arrayValue ?? []).enumerated() {
            let place = "\(path).containers[\(index)]"
            guard container["id"]?.stringValue != nil, let layout = container["layout"]?["type"]?.stringValue,
                layoutTypes.contains(layout), let elements = container["elements"]?.arrayValue
            else {
                throw TemplateError("\(place) needs an id, a layout {type} of \(layoutTypes.sorted()) and elements")
            }
            for (position, element) in elements.enumerated() {
                let spot = "\(place).elements[\(position)]"
                // A FIELD's value is itself `{type, value}`; its id is one level down.
                let value = element["type"]?.stringValue == "FIELD" ? element["value"]?["value"] : element["value"]
                guard let type = element["type"]?.stringValue, elementTypes.contains(type),
                    let id = value?["id"]?.stringValue
                else {
                    throw TemplateError("\(spot) needs a type of \(elementTypes.sorted()) and a value with an id")
                }
                guard ids.insert(id).inserted else { throw TemplateError("\(spot): element id \(id) is used twice") }
                if type == "FIELD" {
                    let field = try field(element["value"] ?? .null, spot: spot)
                    guard !fields.contains(where: { $0.key == field.key }) else {
                        throw TemplateError("\(spot): field key \(field.key) is used twice on the screen")
                    }
                    fields.append(field)
                }
            }
        }
        return fields
    }

    private static func field(_ element: JSONValue, spot: String) throws(TemplateError) -> Field {
        guard let kind = element["type"]?.stringValue, fieldKinds.contains(kind) else {
            throw TemplateError("\(spot): a FIELD's value needs a type of \(fieldKinds.sorted())")
        }
        let view = element["value"] ?? .null
        guard let key = view["key"]?.stringValue, !key.isEmpty else {
            throw TemplateError("\(spot): the \(kind) field needs a key")
        }
        var options: [String]?
        if choiceKinds.contains(kind) {
            guard let list = view["options"]?.arrayValue else {
                throw TemplateError("\(spot): the \(kind) field needs options")
            }
            options = list.compactMap { $0["value"]?.stringValue }
        }
        if kind == "PHONE", view["input"]?["national"]?["field"]?.stringValue == nil {
            throw TemplateError("\(spot): the PHONE field needs input.national.field and input.country.field")
        }
        return Field(
            key: key, kind: kind, required: view["required"]?.boolValue ?? false,
            readOnly: view["readOnly"]?.boolValue ?? false, options: options,
            accept: view["constraints"]?["accept"]?.arrayValue?.compactMap(\.stringValue))
    }

    /// Every `{"$t": {...}}` must be an object of strings that has the default locale.
    static func checkTranslations(_ value: JSONValue, path: String, defaultLocale: String)
        throws(TemplateError)
    {
        switch value {
        case .object(let members):
            if let texts = members["$t"] {
                guard members.count == 1, let map = texts.objectValue, map.values.allSatisfy({ $0.stringValue != nil })
                else {
                    throw TemplateError("\(path): $t must be the only member, an object of strings")
                }
                guard map[defaultLocale] != nil else {
                    throw TemplateError("\(path): $t lacks the default locale \(defaultLocale)")
                }
                return
            }
            for (key, member) in members {
                try checkTranslations(member, path: "\(path).\(key)", defaultLocale: defaultLocale)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                try checkTranslations(element, path: "\(path)[\(index)]", defaultLocale: defaultLocale)
            }
        default:
            return
        }
    }
}

extension InquiryTemplate {
    /// `issuance`: `{documentTemplateId, interval? (5), autoIssueAfterSeconds?}`; the document template is checked
    /// by ``IssuanceEmulator``.
    static func issuanceOffer(_ value: JSONValue?) throws(TemplateError) -> IssuanceOffer? {
        guard let value, !value.isNull else { return nil }
        guard let documentTemplateId = value["documentTemplateId"]?.stringValue, !documentTemplateId.isEmpty else {
            throw TemplateError("issuance.documentTemplateId must be a non-empty string")
        }
        let interval = value["interval"] ?? .int(5)
        guard let seconds = interval.intValue, (1...3600).contains(seconds) else {
            throw TemplateError("issuance.interval must be an integer from 1 to 3600")
        }
        let auto = value["autoIssueAfterSeconds"]
        guard auto == nil || auto?.doubleValue.map({ $0 >= 0 }) == true else {
            throw TemplateError("issuance.autoIssueAfterSeconds must be a number >= 0")
        }
        return IssuanceOffer(
            documentTemplateId: documentTemplateId, interval: Int(seconds), autoIssueAfterSeconds: auto?.doubleValue)
    }
}
