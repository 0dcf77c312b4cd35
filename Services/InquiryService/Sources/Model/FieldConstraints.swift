import Bus
import FolioModel
import WireModel

/// The constraints of a field. MASKED, DATE and PHONE have typed constraints the store applies; the other kinds
/// keep theirs as Folio sent them (an object), for the UI.
public enum FieldConstraints: Hashable, Sendable, Codable {
    case masked(mask: MaskView)
    case date(DateConstraints)
    case phone(PhoneConstraints)
    case other(JSONValue)

    public var json: JSONValue {
        switch self {
        case .masked(let mask): ["mask": mask.json]
        case .date(let constraints): constraints.json
        case .phone(let constraints): constraints.json
        case .other(let json): json
        }
    }

    init(json: JSONValue, kind: FieldKind, path: String) throws(WireDecodingError) {
        switch kind {
        case .masked:
            self = .masked(mask: try WireObject(json, path: path, fields: ["mask"]).value("mask"))
        case .date: self = .date(try DateConstraints(json: json, path: path))
        case .phone: self = .phone(try PhoneConstraints(json: json, path: path))
        default:
            guard case .object = json else { throw .wrongType(path, expected: "an object") }
            self = .other(json)
        }
    }

    public var mask: MaskView? {
        switch self {
        case .masked(let mask): mask
        case .date(let constraints): constraints.mask
        default: nil
        }
    }
}

/// Wire: `{format, pattern, placeholder?, maxLength}`; `#` in `pattern` stands for a digit.
public struct MaskView: WireValue, WireDescribed, Hashable {
    public var format: String
    public var pattern: String
    public var placeholder: String?
    public var maxLength: Int64

    public var json: JSONValue {
        Wire.object([
            "format": .string(format), "pattern": .string(pattern), "placeholder": placeholder.map(JSONValue.string),
            "maxLength": .int(maxLength),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "format": JSONSchema.string.described("The date format of a date mask, e.g. DD.MM.YYYY."),
                "pattern": JSONSchema.string.described("# stands for a digit, e.g. ##.##.####."),
                "placeholder": .string, "maxLength": .integer,
            ], required: ["format", "pattern", "maxLength"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["format", "pattern", "placeholder", "maxLength"])
        format = try fields.text("format")
        pattern = try fields.text("pattern")
        placeholder = try fields.optionalText("placeholder")
        maxLength = try fields.int64("maxLength")
    }
}

/// Wire: `{mask, includeTime, min?, max?, allowPast, allowFuture, minAgeYears?, maxAgeYears?,
/// disabledWeekdays, timeZone?}`.
public struct DateConstraints: WireValue, WireDescribed, Hashable {
    public var mask: MaskView
    public var includeTime: Bool
    public var min: String?
    public var max: String?
    public var allowPast: Bool
    public var allowFuture: Bool
    public var minAgeYears: Int64?
    public var maxAgeYears: Int64?
    public var disabledWeekdays: [Weekday]
    public var timeZone: String?

    public var json: JSONValue {
        Wire.object([
            "mask": mask.json, "includeTime": .bool(includeTime), "min": min.map(JSONValue.string),
            "max": max.map(JSONValue.string), "allowPast": .bool(allowPast), "allowFuture": .bool(allowFuture),
            "minAgeYears": minAgeYears.map(JSONValue.int), "maxAgeYears": maxAgeYears.map(JSONValue.int),
            "disabledWeekdays": .array(disabledWeekdays.map { .string($0.rawValue) }),
            "timeZone": timeZone.map(JSONValue.string),
        ])
    }

    public static var wireSchema: JSONSchema {
        let isoDate = JSONSchema(["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"])
        return .closedObject(
            [
                "mask": MaskView.ref,
                "includeTime": JSONSchema.boolean.described("A date and time picker instead of the typed date."),
                "min": isoDate.described("The earliest date, YYYY-MM-DD."),
                "max": isoDate.described("The latest date, YYYY-MM-DD."),
                "allowPast": .boolean, "allowFuture": .boolean, "minAgeYears": .integer, "maxAgeYears": .integer,
                "disabledWeekdays": .array(Weekday.ref),
                "timeZone": JSONSchema.string.described("The IANA zone of today; the device's zone when absent."),
            ], required: ["mask", "includeTime", "allowPast", "allowFuture", "disabledWeekdays"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path,
            fields: [
                "mask", "includeTime", "min", "max", "allowPast", "allowFuture", "minAgeYears", "maxAgeYears",
                "disabledWeekdays", "timeZone",
            ])
        mask = try fields.value("mask")
        includeTime = try fields.bool("includeTime")
        min = try fields.optionalText("min")
        max = try fields.optionalText("max")
        if let min, LocalDate(iso: min) == nil { throw .invalid(fields.path("min"), "must be an ISO date") }
        if let max, LocalDate(iso: max) == nil { throw .invalid(fields.path("max"), "must be an ISO date") }
        allowPast = try fields.bool("allowPast")
        allowFuture = try fields.bool("allowFuture")
        minAgeYears = try fields.optionalInt64("minAgeYears")
        maxAgeYears = try fields.optionalInt64("maxAgeYears")
        var weekdays: [Weekday] = []
        for name in try fields.strings("disabledWeekdays", .modelText, maxCount: 7) {
            guard let weekday = Weekday(rawValue: name) else {
                throw .invalid(fields.path("disabledWeekdays"), "\(name) is not a weekday")
            }
            weekdays.append(weekday)
        }
        disabledWeekdays = weekdays
        timeZone = try fields.optionalText("timeZone")
    }
}

/// Wire: `{countryOptions, showCountryCodeSelector, searchPlaceholder?}`.
public struct PhoneConstraints: WireValue, WireDescribed, Hashable {
    public var countryOptions: [PhoneDialCodeOptionView]
    public var showCountryCodeSelector: Bool
    public var searchPlaceholder: String?

    public var json: JSONValue {
        Wire.object([
            "countryOptions": Wire.array(countryOptions), "showCountryCodeSelector": .bool(showCountryCodeSelector),
            "searchPlaceholder": searchPlaceholder.map(JSONValue.string),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "countryOptions": .array(PhoneDialCodeOptionView.ref), "showCountryCodeSelector": .boolean,
                "searchPlaceholder": .string,
            ], required: ["countryOptions", "showCountryCodeSelector"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path, fields: ["countryOptions", "showCountryCodeSelector", "searchPlaceholder"])
        countryOptions = try fields.array("countryOptions", maxCount: 300)
        showCountryCodeSelector = try fields.bool("showCountryCodeSelector")
        searchPlaceholder = try fields.optionalText("searchPlaceholder")
    }
}

/// Wire: `{country, name, dialCode, label, flag?}`.
public struct PhoneDialCodeOptionView: WireValue, WireDescribed, Hashable {
    public var country: String
    public var name: String
    public var dialCode: String
    public var label: String
    public var flag: String?

    public var json: JSONValue {
        Wire.object([
            "country": .string(country), "name": .string(name), "dialCode": .string(dialCode), "label": .string(label),
            "flag": flag.map(JSONValue.string),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "country": JSONSchema.string.described("ISO 3166 alpha-2; what SELECTION sends."), "name": .string,
                "dialCode": JSONSchema.string.described("Like +49."), "label": .string, "flag": .string,
            ], required: ["country", "name", "dialCode", "label"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["country", "name", "dialCode", "label", "flag"])
        country = try fields.text("country")
        name = try fields.text("name")
        dialCode = try fields.text("dialCode")
        label = try fields.text("label")
        flag = try fields.optionalText("flag")
    }
}

/// A phone field's input. Wire: `{country: {field, selected?}, national: {field, text}}`.
public struct PhoneInputView: WireValue, WireDescribed, Hashable {
    public var countryField: String
    public var selected: PhoneDialCodeOptionView?
    public var nationalField: String
    public var nationalText: String

    public var json: JSONValue {
        [
            "country": Wire.object(["field": .string(countryField), "selected": selected?.json]),
            "national": ["field": .string(nationalField), "text": .string(nationalText)],
        ]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "country": .closedObject(
                    [
                        "field": JSONSchema.string.described("EDIT the country under this id, as a SELECTION."),
                        "selected": PhoneDialCodeOptionView.ref,
                    ], required: ["field"]),
                "national": .closedObject(
                    [
                        "field": JSONSchema.string.described("EDIT the number under this id, as TEXT."),
                        "text": JSONSchema.string.described("The number as the store formatted it."),
                    ], required: ["field", "text"]),
            ], required: ["country", "national"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["country", "national"])
        let country = try WireObject(
            try fields.required("country"), path: fields.path("country"), fields: ["field", "selected"])
        let national = try WireObject(
            try fields.required("national"), path: fields.path("national"), fields: ["field", "text"])
        countryField = try country.text("field")
        selected = try country.optionalValue("selected")
        nationalField = try national.text("field")
        nationalText = try national.text("text")
    }
}
