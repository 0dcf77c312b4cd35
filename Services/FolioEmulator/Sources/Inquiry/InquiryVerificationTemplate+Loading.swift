import FolioModel

extension InquiryVerificationTemplate {
    typealias TemplateError = InquiryTemplate.TemplateError

    /// The members a `verification` object may have.
    static let members: Set<String> = [
        "kind", "maxAttempts", "processingReads", "states", "governmentId", "nfc", "selfie", "otp", "output",
    ]

    /// Reads and checks a step's `verification` object; `path` names it in errors.
    init(_ value: JSONValue, path: String, defaultLocale: String) throws(TemplateError) {
        let reader = try Reader(value, path: path, allowed: Self.members)
        guard let kind = Kind(rawValue: try reader.string("kind")) else {
            throw TemplateError("\(path).kind must be one of \(Kind.allCases.map(\.rawValue))")
        }
        self.kind = kind
        maxAttempts = try reader.int("maxAttempts", default: 1, 1...20)
        processingReads = try reader.int("processingReads", default: 1, 0...100)
        try InquiryTemplate.checkTranslations(value, path: path, defaultLocale: defaultLocale)
        output = [:]
        for (key, field) in try reader.object("output", required: false) ?? [:] {
            guard Self.outputFields.contains(key), let text = field.stringValue else {
                throw TemplateError("\(path).output.\(key) must be a string of \(Self.outputFields.sorted())")
            }
            guard !Self.outputDates.contains(key) || Self.isIsoDate(text) else {
                throw TemplateError("\(path).output.\(key) must be an ISO date YYYY-MM-DD")
            }
            output[key] = text
        }
        let kindMembers: [Kind: String] = [
            .governmentId: "governmentId", .governmentIdNfc: "nfc", .selfie: "selfie", .emailOtp: "otp",
            .phoneOtp: "otp",
        ]
        for (other, member) in kindMembers where member != kindMembers[kind] && reader.has(member) {
            throw TemplateError("\(path).\(member) belongs to a \(other.rawValue) step, not \(kind.rawValue)")
        }
        var required: [String: [String]] = [
            "PROCESSING": ["title", "description"], "PASSED": ["title", "description", "submit"],
            "FAILED": ["title", "description", "submit", "retry"],
            "ERROR": ["title", "description", "submit", "retry"],
        ]
        var optional: Set<String> = ["EXPIRED"]
        switch kind {
        case .governmentId:
            let settings = try GovernmentId(try reader.required("governmentId"), path: "\(path).governmentId")
            governmentId = settings
            let sides = settings.documents.flatMap(\.sides)
            required["SELECT_DOCUMENT"] = ["title", "description", "submit"]
            if sides.contains(where: \.isCamera) {
                required["SCAN"] = ["title", "description"]
                required["CONFIRM"] = ["title", "description", "submit", "back"]
            }
            if sides.contains(where: { !$0.isCamera }) {
                required["UPLOAD_REVIEW"] = ["title", "description", "submit"]
            }
            optional.formUnion(["SCAN", "CONFIRM", "UPLOAD_REVIEW"])
            for side in sides {
                for (state, texts) in side.states {
                    guard required[state] != nil, ["SCAN", "CONFIRM", "UPLOAD_REVIEW"].contains(state) else {
                        throw TemplateError(
                            "\(path): the \(side.side) side has texts for \(state), which it never shows")
                    }
                    try Self.checkTexts(texts, path: "\(path).governmentId.sides.\(side.side).states.\(state)")
                }
            }
        case .governmentIdNfc:
            nfc = try Nfc(try reader.required("nfc"), path: "\(path).nfc")
            required["SCAN"] = ["title", "description", "submit"]
        case .selfie:
            let settings = try Selfie(try reader.required("selfie"), path: "\(path).selfie")
            selfie = settings
            required["PREPARING"] = ["title", "description"]
            required[settings.mode] = ["title", "description"]
        case .emailOtp, .phoneOtp:
            let settings = try Otp(try reader.required("otp"), path: "\(path).otp", phone: kind == .phoneOtp)
            otp = settings
            required["VERIFY"] = ["title", "description", "submit", "label"]
            required["CONFIRM"] = ["title", "description", "submit", "back"]
            if settings.prefillKey != nil { required["BOUND"] = ["title", "description", "footer", "submit"] }
        }
        states = try reader.object("states", required: true) ?? [:]
        for (state, texts) in states {
            guard required[state] != nil || optional.contains(state) else {
                throw TemplateError("\(path).states.\(state) is not a state of a \(kind.rawValue) step")
            }
            try Self.checkTexts(texts, path: "\(path).states.\(state)")
        }
        for (state, members) in required {
            for member in members where states[state]?[member] == nil {
                throw TemplateError("\(path).states.\(state).\(member) is required")
            }
        }
    }

    /// A state's texts: an object of the known members, each a string or `{"$t": ...}`.
    private static func checkTexts(_ texts: JSONValue, path: String) throws(TemplateError) {
        guard let members = texts.objectValue else { throw TemplateError("\(path) must be an object") }
        for (name, text) in members {
            guard textMembers.contains(name) else {
                throw TemplateError("\(path).\(name) is not one of \(textMembers.sorted())")
            }
            guard text.stringValue != nil || text["$t"] != nil else {
                throw TemplateError("\(path).\(name) must be a string or {\"$t\": {...}}")
            }
        }
    }

    static func isIsoDate(_ text: String) -> Bool {
        InquiryRenderer.formatDate(text, "YYYY") != nil
    }
}

extension InquiryVerificationTemplate.GovernmentId {
    static let documentTypes: Set<String> = [
        "PASSPORT", "DRIVING_LICENSE", "NATIONAL_IDENTITY_CARD", "RESIDENCE_PERMIT",
    ]
    static let sides: Set<String> = ["FRONT", "BACK", "BARCODE"]

    /// `{selectionField, sides: [{side, captureField, captureMode, accept?, states?}], documents: [{type, label,
    /// sides?: [side]}]}`; a document without `sides` has all of them.
    init(_ value: JSONValue, path: String) throws(InquiryTemplate.TemplateError) {
        let reader = try Reader(value, path: path, allowed: ["selectionField", "sides", "documents"])
        selectionField = try reader.string("selectionField")
        var sides: [InquiryVerificationTemplate.Side] = []
        for (index, entry) in try reader.array("sides").enumerated() {
            let place = "\(path).sides[\(index)]"
            let side = try Reader(
                entry, path: place, allowed: ["side", "captureField", "captureMode", "accept", "states"])
            let name = try side.string("side")
            guard Self.sides.contains(name), !sides.contains(where: { $0.side == name }) else {
                throw InquiryTemplate.TemplateError("\(place).side must be one of \(Self.sides.sorted()), each once")
            }
            let mode = try side.string("captureMode")
            guard mode == "CAMERA" || mode == "FILE_PICKER" else {
                throw InquiryTemplate.TemplateError("\(place).captureMode must be CAMERA or FILE_PICKER")
            }
            sides.append(
                InquiryVerificationTemplate.Side(
                    side: name, captureField: try side.string("captureField"), captureMode: mode,
                    accept: try side.strings("accept") ?? ["image/jpeg", "image/png"],
                    states: try side.object("states", required: false) ?? [:]))
        }
        guard !sides.isEmpty else { throw InquiryTemplate.TemplateError("\(path).sides must not be empty") }
        let selection = selectionField
        guard Set(sides.map(\.captureField)).count == sides.count,
            !sides.contains(where: { $0.captureField == selection })
        else {
            throw InquiryTemplate.TemplateError("\(path): every side needs its own captureField")
        }
        var documents: [InquiryVerificationTemplate.Document] = []
        for (index, entry) in try reader.array("documents").enumerated() {
            let place = "\(path).documents[\(index)]"
            let document = try Reader(entry, path: place, allowed: ["type", "label", "sides"])
            let type = try document.string("type")
            guard Self.documentTypes.contains(type), !documents.contains(where: { $0.type == type }) else {
                throw InquiryTemplate.TemplateError(
                    "\(place).type must be one of \(Self.documentTypes.sorted()), each once")
            }
            guard let label = document.value["label"], label.stringValue != nil || label["$t"] != nil else {
                throw InquiryTemplate.TemplateError("\(place).label must be a string or {\"$t\": {...}}")
            }
            var own = sides
            if let names = try document.strings("sides") {
                own = []
                for name in names {
                    guard let side = sides.first(where: { $0.side == name }) else {
                        throw InquiryTemplate.TemplateError("\(place).sides names \(name), which \(path).sides lacks")
                    }
                    own.append(side)
                }
                guard !own.isEmpty else { throw InquiryTemplate.TemplateError("\(place).sides must not be empty") }
            }
            documents.append(InquiryVerificationTemplate.Document(type: type, label: label, sides: own))
        }
        guard !documents.isEmpty else { throw InquiryTemplate.TemplateError("\(path).documents must not be empty") }
        self.documents = documents
    }
}

extension InquiryVerificationTemplate.Nfc {
    /// `{documentType: PASSPORT | ID_CARD, chipField, chipFiles: [NfcChipFile]}`.
    init(_ value: JSONValue, path: String) throws(InquiryTemplate.TemplateError) {
        let reader = try Reader(value, path: path, allowed: ["documentType", "chipField", "chipFiles"])
        documentType = try reader.string("documentType")
        guard documentType == "PASSPORT" || documentType == "ID_CARD" else {
            throw InquiryTemplate.TemplateError("\(path).documentType must be PASSPORT or ID_CARD")
        }
        chipField = try reader.string("chipField")
        let files = try reader.strings("chipFiles") ?? []
        guard !files.isEmpty, files.allSatisfy({ InquiryVerificationTemplate.chipTag(of: $0) != nil }),
            Set(files).count == files.count
        else {
            throw InquiryTemplate.TemplateError("\(path).chipFiles must list NfcChipFiles (DG1…DG16, SOD), each once")
        }
        chipFiles = InquiryVerificationTemplate.chipTags.map(\.name).filter(files.contains)
    }
}

extension InquiryVerificationTemplate.Selfie {
    /// `{mode: LIVENESS | PASSIVE | PHOTO, captureField? (PHOTO), captureMode? (CAMERA), accept?,
    /// preparingReads? (1), captureTtl? (600)}`.
    init(_ value: JSONValue, path: String) throws(InquiryTemplate.TemplateError) {
        let reader = try Reader(
            value, path: path,
            allowed: ["mode", "captureField", "captureMode", "accept", "preparingReads", "captureTtl"])
        mode = try reader.string("mode")
        guard ["LIVENESS", "PASSIVE", "PHOTO"].contains(mode) else {
            throw InquiryTemplate.TemplateError("\(path).mode must be LIVENESS, PASSIVE or PHOTO")
        }
        captureField = reader.has("captureField") ? try reader.string("captureField") : nil
        guard (mode == "PHOTO") == (captureField != nil) else {
            throw InquiryTemplate.TemplateError("\(path).captureField is required for PHOTO and only there")
        }
        captureMode = reader.has("captureMode") ? try reader.string("captureMode") : "CAMERA"
        guard ["CAMERA", "FILE_PICKER", "CAMERA_OR_FILE"].contains(captureMode) else {
            throw InquiryTemplate.TemplateError("\(path).captureMode must be CAMERA, FILE_PICKER or CAMERA_OR_FILE")
        }
        accept = try reader.strings("accept") ?? ["image/jpeg", "image/png"]
        preparingReads = try reader.int("preparingReads", default: 1, 0...100)
        captureTtl = try reader.int("captureTtl", default: 600, 1...86_400)
    }
}

extension InquiryVerificationTemplate.Otp {
    /// `{contactField, codeField, codeLength? (6), groups? (2), confirmLimit? (3), codeTtl? (300), resendLimit?
    /// (3), prefillKey?}`; a phone also `{countryField, nationalField, countryOptions, defaultCountry}`.
    init(_ value: JSONValue, path: String, phone: Bool) throws(InquiryTemplate.TemplateError) {
        var allowed: Set<String> = [
            "contactField", "codeField", "codeLength", "groups", "confirmLimit", "codeTtl", "resendLimit", "prefillKey",
        ]
        if phone { allowed.formUnion(["countryField", "nationalField", "countryOptions", "defaultCountry"]) }
        let reader = try Reader(value, path: path, allowed: allowed)
        contactField = try reader.string("contactField")
        codeField = try reader.string("codeField")
        guard codeField != contactField else {
            throw InquiryTemplate.TemplateError("\(path).codeField must differ from contactField")
        }
        codeLength = try reader.int("codeLength", default: 6, 4...10)
        groups = try reader.int("groups", default: 2, 1...codeLength)
        guard codeLength % groups == 0 else {
            throw InquiryTemplate.TemplateError("\(path).groups must divide codeLength into groups of equal size")
        }
        confirmLimit = try reader.int("confirmLimit", default: 3, 1...20)
        codeTtl = try reader.int("codeTtl", default: 300, 1...86_400)
        resendLimit = try reader.int("resendLimit", default: 3, 1...20)
        prefillKey = reader.has("prefillKey") ? try reader.string("prefillKey") : nil
        countryOptions = []
        guard phone else { return }
        countryField = try reader.string("countryField")
        nationalField = try reader.string("nationalField")
        countryOptions = try reader.array("countryOptions")
        for (index, option) in countryOptions.enumerated() {
            guard let country = option["country"]?.stringValue, !country.isEmpty,
                option["name"]?.stringValue != nil, option["label"]?.stringValue != nil,
                let dialCode = option["dialCode"]?.stringValue, dialCode.hasPrefix("+"),
                countryOptions.filter({ $0["country"]?.stringValue == country }).count == 1
            else {
                throw InquiryTemplate.TemplateError(
                    "\(path).countryOptions[\(index)] must be {country, name, dialCode: \"+..\", label, flag?}, "
                        + "each country once")
            }
        }
        let chosen = try reader.string("defaultCountry")
        guard countryOptions.contains(where: { $0["country"]?.stringValue == chosen }) else {
            throw InquiryTemplate.TemplateError("\(path).defaultCountry must be a country of countryOptions")
        }
        defaultCountry = chosen
    }
}

/// Reads the members of one template object, naming its path in errors; unknown members are refused.
private struct Reader {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String, allowed: Set<String>) throws(InquiryTemplate.TemplateError) {
        guard let members = value.objectValue else { throw InquiryTemplate.TemplateError("\(path) must be an object") }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw InquiryTemplate.TemplateError("\(path).\(unknown) is not one of \(allowed.sorted())")
        }
        self.value = value
        self.path = path
    }

    func has(_ name: String) -> Bool {
        value[name].map { !$0.isNull } ?? false
    }

    func required(_ name: String) throws(InquiryTemplate.TemplateError) -> JSONValue {
        guard let member = value[name], !member.isNull else {
            throw InquiryTemplate.TemplateError("\(path).\(name) is required")
        }
        return member
    }

    func string(_ name: String) throws(InquiryTemplate.TemplateError) -> String {
        guard let text = value[name]?.stringValue, !text.isEmpty else {
            throw InquiryTemplate.TemplateError("\(path).\(name) must be a non-empty string")
        }
        return text
    }

    func int(_ name: String, default fallback: Int, _ range: ClosedRange<Int>) throws(InquiryTemplate.TemplateError)
        -> Int
    {
        guard has(name) else { return fallback }
        guard let number = value[name]?.intValue, let int = Int(exactly: number), range.contains(int) else {
            throw InquiryTemplate.TemplateError(
                "\(path).\(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return int
    }

    func array(_ name: String) throws(InquiryTemplate.TemplateError) -> [JSONValue] {
        guard let list = value[name]?.arrayValue else {
            throw InquiryTemplate.TemplateError("\(path).\(name) must be an array")
        }
        return list
    }

    func strings(_ name: String) throws(InquiryTemplate.TemplateError) -> [String]? {
        guard has(name) else { return nil }
        let list = try array(name)
        let texts = list.compactMap(\.stringValue)
        guard texts.count == list.count, !texts.contains(where: \.isEmpty) else {
            throw InquiryTemplate.TemplateError("\(path).\(name) must be an array of non-empty strings")
        }
        return texts
    }

    func object(_ name: String, required: Bool) throws(InquiryTemplate.TemplateError) -> JSONObject? {
        guard has(name) else {
            if required { throw InquiryTemplate.TemplateError("\(path).\(name) is required") }
            return nil
        }
        guard let members = value[name]?.objectValue else {
            throw InquiryTemplate.TemplateError("\(path).\(name) must be an object")
        }
        return members
    }
}
