import Bus
import FolioModel
import WireModel

/// The states of a GOVERNMENT_ID step (docs/inquiry-store.md, "GOVERNMENT_ID").
public enum GovernmentIdState: WireValue, WireDescribed, Hashable {
    case selectDocument(VerificationPanel, DocumentChoice)
    case scan(VerificationPanel, DocumentScan)
    case confirm(VerificationPanel, side: DocumentSide, image: FileValue)
    case uploadReview(VerificationPanel, DocumentUpload)
    case outcome(VerificationOutcomeState)

    public var json: JSONValue {
        switch self {
        case .selectDocument(let panel, let choice):
            TaggedValue(
                type: "SELECT_DOCUMENT",
                value: panel.members([
                    "selectionField": .string(choice.selectionField), "options": Wire.array(choice.options),
                    "selected": choice.selected?.json,
                ])
            ).json
        case .scan(let panel, let scan):
            TaggedValue(
                type: "SCAN",
                value: panel.members([
                    "side": scan.side.json, "captureField": .string(scan.captureField),
                    "captureMode": scan.captureMode.json, "camera": scan.camera.json,
                ])
            ).json
        case .confirm(let panel, let side, let image):
            TaggedValue(type: "CONFIRM", value: panel.members(["side": side.json, "image": image.json])).json
        case .uploadReview(let panel, let upload):
            TaggedValue(
                type: "UPLOAD_REVIEW",
                value: panel.members([
                    "side": upload.side.json, "captureField": .string(upload.captureField),
                    "captureMode": upload.captureMode.json, "image": upload.image?.json,
                ])
            ).json
        case .outcome(let outcome): outcome.json
        }
    }

    public static var wireSchema: JSONSchema {
        let side = DocumentSide.ref
        let captureField = JSONSchema.string.described("UPLOAD the photo of the side under this name.")
        return .oneOf(
            [
                .taggedCase(
                    "SELECT_DOCUMENT",
                    fields: VerificationPanel.schema(
                        [
                            "selectionField": JSONSchema.string.described(
                                "EDIT the choice under this key, as a SELECTION."),
                            "options": .array(DocumentTypeOption.ref), "selected": IdentityDocumentType.ref,
                        ], required: ["selectionField", "options"])),
                .taggedCase(
                    "SCAN",
                    fields: VerificationPanel.schema(
                        [
                            "side": side, "captureField": captureField, "captureMode": CaptureMode.ref,
                            "camera": IdCameraScreenView.ref,
                        ], required: ["side", "captureField", "captureMode", "camera"])),
                .taggedCase(
                    "CONFIRM",
                    fields: VerificationPanel.schema(
                        ["side": side, "image": FileValue.ref], required: ["side", "image"])),
                .taggedCase(
                    "UPLOAD_REVIEW",
                    fields: VerificationPanel.schema(
                        [
                            "side": side, "captureField": captureField, "captureMode": CaptureMode.ref,
                            "image": FileValue.ref.described("Present once a file was uploaded."),
                        ], required: ["side", "captureField", "captureMode"])),
            ] + VerificationOutcomeState.caseSchemas)
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        if let outcome = try VerificationOutcomeState.read(tagged) {
            self = .outcome(outcome)
            return
        }
        let panelFields = VerificationPanel.fields
        switch tagged.type {
        case "SELECT_DOCUMENT":
            let fields = try tagged.fields(panelFields + ["selectionField", "options", "selected"])
            self = .selectDocument(
                try VerificationPanel(fields),
                DocumentChoice(
                    selectionField: try fields.text("selectionField"), options: try fields.array("options"),
                    selected: try fields.optionalValue("selected")))
        case "SCAN":
            let fields = try tagged.fields(panelFields + ["side", "captureField", "captureMode", "camera"])
            self = .scan(
                try VerificationPanel(fields),
                DocumentScan(
                    side: try fields.value("side"), captureField: try fields.text("captureField"),
                    captureMode: try fields.value("captureMode"), camera: try fields.value("camera")))
        case "CONFIRM":
            let fields = try tagged.fields(panelFields + ["side", "image"])
            self = .confirm(
                try VerificationPanel(fields), side: try fields.value("side"), image: try fields.value("image"))
        case "UPLOAD_REVIEW":
            let fields = try tagged.fields(panelFields + ["side", "captureField", "captureMode", "image"])
            self = .uploadReview(
                try VerificationPanel(fields),
                DocumentUpload(
                    side: try fields.value("side"), captureField: try fields.text("captureField"),
                    captureMode: try fields.value("captureMode"), image: try fields.optionalValue("image")))
        default:
            throw tagged.unknownType(
                ["SELECT_DOCUMENT", "SCAN", "CONFIRM", "UPLOAD_REVIEW"] + VerificationOutcomeState.types)
        }
    }

    var panel: VerificationPanel? {
        switch self {
        case .selectDocument(let panel, _), .scan(let panel, _), .confirm(let panel, _, _), .uploadReview(let panel, _):
            panel
        case .outcome: nil
        }
    }
}

/// The document choice of SELECT_DOCUMENT: the person picks one of `options` under `selectionField`.
public struct DocumentChoice: Hashable, Sendable {
    public var selectionField: String
    public var options: [DocumentTypeOption]
    public var selected: IdentityDocumentType?
}

/// Wire: `{value: IdentityDocumentType, label}`.
public struct DocumentTypeOption: WireValue, WireDescribed, Hashable {
    public var value: IdentityDocumentType
    public var label: String

    public var json: JSONValue { ["value": value.json, "label": .string(label)] }

    public static var wireSchema: JSONSchema {
        .closedObject(["value": IdentityDocumentType.ref, "label": .string], required: ["value", "label"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["value", "label"])
        value = try fields.value("value")
        label = try fields.text("label")
    }
}

/// A side being scanned with the camera; the store decides `camera` from the preview frames.
public struct DocumentScan: Hashable, Sendable {
    public var side: DocumentSide
    public var captureField: String
    public var captureMode: CaptureMode
    public var camera: IdCameraScreenView
}

/// A side taken from the file picker; `image` once a file was uploaded.
public struct DocumentUpload: Hashable, Sendable {
    public var side: DocumentSide
    public var captureField: String
    public var captureMode: CaptureMode
    public var image: FileValue?
}

public enum IdentityDocumentType: String, WireStringEnum, Hashable {
    case passport = "PASSPORT", drivingLicense = "DRIVING_LICENSE"
    case nationalIdentityCard = "NATIONAL_IDENTITY_CARD", residencePermit = "RESIDENCE_PERMIT"
}

public enum DocumentSide: String, WireStringEnum, Hashable {
    case front = "FRONT", back = "BACK", barcode = "BARCODE"
}

/// The camera of a SCAN. Wire: `{trigger: CaptureTrigger, shouldCapture}`.
public struct IdCameraScreenView: WireValue, WireDescribed, Hashable {
    public var trigger: CaptureTriggerView
    public var shouldCapture: Bool

    public init(trigger: CaptureTriggerView, shouldCapture: Bool) {
        self.trigger = trigger
        self.shouldCapture = shouldCapture
    }

    public var json: JSONValue { ["trigger": trigger.json, "shouldCapture": .bool(shouldCapture)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "trigger": CaptureTriggerView.ref,
                "shouldCapture": JSONSchema.boolean.described("Take the photo now and send it with UPLOAD."),
            ], required: ["trigger", "shouldCapture"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["trigger", "shouldCapture"])
        trigger = try fields.value("trigger")
        shouldCapture = try fields.bool("shouldCapture")
    }
}

/// CaptureTrigger on the wire: SEARCHING, SUGGESTED, ABOUT_TO_DECIDE `{remainingMillis}`, DECIDED.
public enum CaptureTriggerView: WireValue, WireDescribed, Hashable {
    case searching
    case suggested
    case aboutToDecide(remainingMillis: Int64)
    case decided

    public var json: JSONValue {
        switch self {
        case .searching: Wire.tagged("SEARCHING")
        case .suggested: Wire.tagged("SUGGESTED")
        case .aboutToDecide(let remaining): Wire.tagged("ABOUT_TO_DECIDE", ["remainingMillis": .int(remaining)])
        case .decided: Wire.tagged("DECIDED")
        }
    }

    /// The spec's name.
    public static var wireName: String { "CaptureTrigger" }

    public static var wireSchema: JSONSchema {
        .tagged([
            "SEARCHING": nil, "SUGGESTED": nil,
            "ABOUT_TO_DECIDE": .closedObject(["remainingMillis": .integer], required: ["remainingMillis"]),
            "DECIDED": nil,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "SEARCHING": try tagged.noFields(); self = .searching
        case "SUGGESTED": try tagged.noFields(); self = .suggested
        case "ABOUT_TO_DECIDE":
            self = .aboutToDecide(remainingMillis: try tagged.fields(["remainingMillis"]).int64("remainingMillis"))
        case "DECIDED": try tagged.noFields(); self = .decided
        default: throw tagged.unknownType(["SEARCHING", "SUGGESTED", "ABOUT_TO_DECIDE", "DECIDED"])
        }
    }
}
