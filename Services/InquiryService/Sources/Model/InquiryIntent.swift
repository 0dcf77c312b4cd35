import Bus
import FolioModel
import Foundation
import WireModel

/// One user interaction (spec "Intents"). Wire: `{type: 'SUBMIT'}`, `{type: 'EDIT', value: {key, value}}`…
public enum InquiryIntent: WireValue, WireDescribed, Hashable {
    case submit
    case edit(key: String, value: InquiryFieldValue)
    case back
    case cancel
    case complete
    case retry
    /// Carried by buttons; the client opens the link itself and the store ignores the intent.
    case openLink(target: LinkTarget)
    case linkRefused(url: String)
    /// Carried by buttons; the client captures, then sends Upload. The store ignores it.
    case capture(field: String, mode: CaptureMode)
    case upload(field: String, fileName: String, mimeType: String, bytes: Bytes)
    case setLocale(locale: String)
    case handoff
    case continueHere
    case previewFrame(width: UInt32, height: UInt32, bytes: Bytes)
    case submitCapture(captureSessionId: String, transactionId: String)
    case uploadCapture(captureSessionId: String, field: String, bytes: Bytes)
    case fileUnreadable(field: String)

    static let types = [
        "SUBMIT", "EDIT", "BACK", "CANCEL", "COMPLETE", "RETRY", "OPEN_LINK", "LINK_REFUSED", "CAPTURE", "UPLOAD",
        "SET_LOCALE", "HANDOFF", "CONTINUE_HERE", "PREVIEW_FRAME", "SUBMIT_CAPTURE", "UPLOAD_CAPTURE",
        "FILE_UNREADABLE",
    ]

    public var json: JSONValue {
        switch self {
        case .submit: Wire.tagged("SUBMIT")
        case .edit(let key, let value): Wire.tagged("EDIT", ["key": .string(key), "value": value.json])
        case .back: Wire.tagged("BACK")
        case .cancel: Wire.tagged("CANCEL")
        case .complete: Wire.tagged("COMPLETE")
        case .retry: Wire.tagged("RETRY")
        case .openLink(let target): Wire.tagged("OPEN_LINK", ["target": target.json])
        case .linkRefused(let url): Wire.tagged("LINK_REFUSED", ["url": .string(url)])
        case .capture(let field, let mode): Wire.tagged("CAPTURE", ["field": .string(field), "mode": mode.json])
        case .upload(let field, let fileName, let mimeType, let bytes):
            Wire.tagged(
                "UPLOAD",
                [
                    "field": .string(field), "fileName": .string(fileName), "mimeType": .string(mimeType),
                    "bytes": bytes.json,
                ])
        case .setLocale(let locale): Wire.tagged("SET_LOCALE", ["locale": .string(locale)])
        case .handoff: Wire.tagged("HANDOFF")
        case .continueHere: Wire.tagged("CONTINUE_HERE")
        case .previewFrame(let width, let height, let bytes):
            Wire.tagged(
                "PREVIEW_FRAME",
                ["width": .int(Int64(width)), "height": .int(Int64(height)), "bytes": bytes.json])
        case .submitCapture(let captureSessionId, let transactionId):
            Wire.tagged(
                "SUBMIT_CAPTURE",
                ["captureSessionId": .string(captureSessionId), "transactionId": .string(transactionId)])
        case .uploadCapture(let captureSessionId, let field, let bytes):
            Wire.tagged(
                "UPLOAD_CAPTURE",
                ["captureSessionId": .string(captureSessionId), "field": .string(field), "bytes": bytes.json])
        case .fileUnreadable(let field): Wire.tagged("FILE_UNREADABLE", ["field": .string(field)])
        }
    }

    public static var wireSchema: JSONSchema {
        let field = JSONSchema.string.described("A field's key (or, where the docs say so, its id).")
        let bytes = Bytes.ref
        let dimension = JSONSchema(["type": "integer", "minimum": 0, "maximum": 4_294_967_295])
        return .tagged([
            "SUBMIT": nil,
            "EDIT": .closedObject(["key": field, "value": InquiryFieldValue.ref], required: ["key", "value"]),
            "BACK": nil,
            "CANCEL": nil,
            "COMPLETE": nil,
            "RETRY": nil,
            "OPEN_LINK": .closedObject(["target": LinkTarget.ref], required: ["target"]),
            "LINK_REFUSED": .closedObject(
                ["url": JSONSchema.string.described("The url the device refused to open.")], required: ["url"]),
            "CAPTURE": .closedObject(["field": field, "mode": CaptureMode.ref], required: ["field", "mode"]),
            "UPLOAD": .closedObject(
                ["field": field, "fileName": .string, "mimeType": .string, "bytes": bytes],
                required: ["field", "fileName", "mimeType", "bytes"]),
            "SET_LOCALE": .closedObject(
                ["locale": JSONSchema.string.described("A language code of the LANGUAGE_SELECTOR.")],
                required: ["locale"]),
            "HANDOFF": nil,
            "CONTINUE_HERE": nil,
            "PREVIEW_FRAME": .closedObject(
                [
                    "width": dimension, "height": dimension,
                    "bytes": bytes.described("The Y (luma) plane: width * height bytes."),
                ], required: ["width", "height", "bytes"]),
            "SUBMIT_CAPTURE": .closedObject(
                ["captureSessionId": .string, "transactionId": JSONSchema.string.described("The engine's.")],
                required: ["captureSessionId", "transactionId"]),
            "UPLOAD_CAPTURE": .closedObject(
                ["captureSessionId": .string, "field": field, "bytes": bytes],
                required: ["captureSessionId", "field", "bytes"]),
            "FILE_UNREADABLE": .closedObject(["field": field], required: ["field"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "SUBMIT", "BACK", "CANCEL", "COMPLETE", "RETRY", "HANDOFF", "CONTINUE_HERE":
            try tagged.noFields()
            self =
                switch tagged.type {
                case "SUBMIT": .submit
                case "BACK": .back
                case "CANCEL": .cancel
                case "COMPLETE": .complete
                case "RETRY": .retry
                case "HANDOFF": .handoff
                default: .continueHere
                }
        case "EDIT":
            let fields = try tagged.fields(["key", "value"])
            self = .edit(key: try fields.string("key", .fieldKey), value: try fields.value("value"))
        case "OPEN_LINK": self = .openLink(target: try tagged.fields(["target"]).value("target"))
        case "LINK_REFUSED": self = .linkRefused(url: try tagged.fields(["url"]).string("url", .url))
        case "CAPTURE":
            let fields = try tagged.fields(["field", "mode"])
            self = .capture(field: try fields.string("field", .fieldKey), mode: try fields.value("mode"))
        case "UPLOAD":
            let fields = try tagged.fields(["field", "fileName", "mimeType", "bytes"])
            self = .upload(
                field: try fields.string("field", .fieldKey), fileName: try fields.string("fileName", .shortText),
                mimeType: try fields.string("mimeType", .shortText), bytes: try fields.value("bytes"))
        case "SET_LOCALE": self = .setLocale(locale: try tagged.fields(["locale"]).string("locale", .locale))
        case "PREVIEW_FRAME":
            let fields = try tagged.fields(["width", "height", "bytes"])
            self = .previewFrame(
                width: try fields.dimension("width"), height: try fields.dimension("height"),
                bytes: try fields.value("bytes"))
        case "SUBMIT_CAPTURE":
            let fields = try tagged.fields(["captureSessionId", "transactionId"])
            self = .submitCapture(
                captureSessionId: try fields.string("captureSessionId", .captureText),
                transactionId: try fields.string("transactionId", .captureText))
        case "UPLOAD_CAPTURE":
            let fields = try tagged.fields(["captureSessionId", "field", "bytes"])
            self = .uploadCapture(
                captureSessionId: try fields.string("captureSessionId", .captureText),
                field: try fields.string("field", .fieldKey), bytes: try fields.value("bytes"))
        case "FILE_UNREADABLE": self = .fileUnreadable(field: try tagged.fields(["field"]).string("field", .fieldKey))
        default: throw tagged.unknownType(Self.types)
        }
    }

    /// Whether the store sends Folio a request for the intent (directly or after saving the language).
    var reachesFolio: Bool {
        switch self {
        case .submit, .back, .cancel, .complete, .upload, .setLocale, .handoff, .continueHere, .submitCapture,
            .uploadCapture:
            true
        case .edit, .retry, .openLink, .linkRefused, .capture, .previewFrame, .fileUnreadable:
            false
        }
    }

    /// Whether the intent goes through the runtime's action queue (spec: every inquiry action except Act with a
    /// PreviewFrame skips it).
    public var isPreviewFrame: Bool {
        if case .previewFrame = self { return true }
        return false
    }
}

/// Binary data of an intent; standard base64 on the wire.
public struct Bytes: WireValue, WireDescribed, Hashable {
    public var bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// 48 MiB of base64 holds the 32 MiB image limit with room; a larger string is refused before decoding.
    static let maxBase64Length = 48 * 1024 * 1024

    public var json: JSONValue { .string(Data(bytes).base64EncodedString()) }

    /// Published as InquiryBytes: the name says whose bytes they are.
    public static var wireName: String { "InquiryBytes" }

    public static var wireSchema: JSONSchema {
        JSONSchema(["type": "string", "pattern": "^[A-Za-z0-9+/]*={0,2}$"])
            .described("Standard base64 (RFC 4648, padded), up to 48 MiB of text.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .string(let text) = json else { throw .wrongType(path, expected: "a base64 string") }
        guard text.utf8.count <= Self.maxBase64Length else { throw .invalid(path, "is longer than 48 MiB of base64") }
        guard let data = Data(base64Encoded: text) else { throw .invalid(path, "is not standard base64") }
        bytes = [UInt8](data)
    }
}

extension InputRule {
    static let fieldKey = InputRule(length: 1...256)
    static let url = InputRule(length: 1...8192)
    static let locale = InputRule(length: 2...35)
    static let captureText = InputRule(length: 0...256)
}

extension WireObject {
    fileprivate func dimension(_ key: String) throws(WireDecodingError) -> UInt32 {
        let value = try int64(key)
        guard let dimension = UInt32(exactly: value) else { throw .invalid(path(key), "must be 0 to 4294967295") }
        return dimension
    }
}
