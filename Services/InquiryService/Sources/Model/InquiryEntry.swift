import Bus
import FolioModel
import WireModel

/// The inquiry that Open starts or resumes. Wire: `{type: 'START', value: {launchCode}}` or
/// `{type: 'RESUME', value: {source}}`.
public enum InquiryEntry: WireValue, WireDescribed, Hashable {
    /// Exchanges a launch code that the integrator's backend got when it created the inquiry.
    case start(launchCode: String)
    case resume(source: ResumeSource)

    public var json: JSONValue {
        switch self {
        case .start(let launchCode): Wire.tagged("START", ["launchCode": .string(launchCode)])
        case .resume(let source): Wire.tagged("RESUME", ["source": source.json])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "START": .closedObject(
                [
                    "launchCode": JSONSchema.string.described(
                        "Up to 256 characters; a blank one fails with INVALID_ENTRY.")
                ],
                required: ["launchCode"]),
            "RESUME": .closedObject(["source": ResumeSource.ref], required: ["source"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "START": self = .start(launchCode: try tagged.fields(["launchCode"]).string("launchCode", .entryText))
        case "RESUME": self = .resume(source: try tagged.fields(["source"]).value("source"))
        default: throw tagged.unknownType(["START", "RESUME"])
        }
    }

    /// The entry's field that is blank (spec: "An entry with a blank launchCode, code or inquiryId fails at once
    /// with the error InvalidEntry, without a request"), or nil.
    public var blankField: String? {
        switch self {
        case .start(let launchCode): return launchCode.isBlank ? "launchCode" : nil
        case .resume(.sameDevice(let inquiryId?)): return inquiryId.isBlank ? "inquiryId" : nil
        case .resume(.sameDevice(nil)): return nil
        case .resume(.anotherDevice(let code)): return code.isBlank ? "code" : nil
        }
    }

    public var isResume: Bool {
        if case .resume = self { return true }
        return false
    }
}

/// Where a resumed inquiry continues. Wire: `{type: 'SAME_DEVICE', value: {inquiryId?}}` or
/// `{type: 'ANOTHER_DEVICE', value: {code}}`.
public enum ResumeSource: WireValue, WireDescribed, Hashable {
    /// An inquiry this device saved; without an id, the device's current inquiry.
    case sameDevice(inquiryId: String?)
    /// An inquiry handed off from another device, with the handoff code.
    case anotherDevice(code: String)

    public var json: JSONValue {
        switch self {
        case .sameDevice(let inquiryId): Wire.tagged("SAME_DEVICE", ["inquiryId": inquiryId.map(JSONValue.string)])
        case .anotherDevice(let code): Wire.tagged("ANOTHER_DEVICE", ["code": .string(code)])
        }
    }

    /// SAME_DEVICE may leave out its `value` too, since every member of it is optional.
    public static var wireSchema: JSONSchema {
        let sameDevice = JSONSchema.closedObject([
            "inquiryId": JSONSchema.string.described("An inquiry this device saved; the current one when absent.")
        ])
        let handoffCode = JSONSchema.string.described("The handoff code of the other device.")
        return .oneOf([
            .closedObject(["type": .constant("SAME_DEVICE"), "value": sameDevice], required: ["type"]),
            .taggedCase("ANOTHER_DEVICE", fields: .closedObject(["code": handoffCode], required: ["code"])),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "SAME_DEVICE":
            self = .sameDevice(inquiryId: try tagged.fields(["inquiryId"]).optionalString("inquiryId", .entryText))
        case "ANOTHER_DEVICE": self = .anotherDevice(code: try tagged.fields(["code"]).string("code", .entryText))
        default: throw tagged.unknownType(["SAME_DEVICE", "ANOTHER_DEVICE"])
        }
    }
}

extension InputRule {
    /// Launch codes, handoff codes and inquiry ids: blank ones are read, so that the store can fail them with
    /// InvalidEntry as the spec says, instead of a malformed-action error.
    static let entryText = InputRule(length: 0...256)
}
