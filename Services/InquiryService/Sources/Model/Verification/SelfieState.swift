import Bus
import FolioModel
import WireModel

/// The states of a SELFIE step (docs/inquiry-store.md, "SELFIE").
public enum SelfieState: WireValue, WireDescribed, Hashable {
    /// The capture is being prepared; the step moves on by itself.
    case preparing(ProcessingView)
    case liveness(VerificationPanel, capture: SelfieCaptureView)
    case passive(VerificationPanel, capture: SelfieCaptureView)
    case photo(VerificationPanel, SelfiePhoto)
    case outcome(VerificationOutcomeState)

    public var json: JSONValue {
        switch self {
        case .preparing(let processing): Wire.tagged("PREPARING", ["processing": processing.json])
        case .liveness(let panel, let capture):
            TaggedValue(type: "LIVENESS", value: panel.members(["capture": capture.json])).json
        case .passive(let panel, let capture):
            TaggedValue(type: "PASSIVE", value: panel.members(["capture": capture.json])).json
        case .photo(let panel, let photo):
            TaggedValue(
                type: "PHOTO",
                value: panel.members([
                    "captureSessionId": .string(photo.captureSessionId),
                    "captureField": photo.captureField.map(JSONValue.string), "captureMode": photo.captureMode.json,
                ])
            ).json
        case .outcome(let outcome): outcome.json
        }
    }

    public static var wireSchema: JSONSchema {
        let capture = VerificationPanel.schema(["capture": SelfieCaptureView.ref], required: ["capture"])
        return .oneOf(
            [
                .taggedCase(
                    "PREPARING", fields: .closedObject(["processing": ProcessingView.ref], required: ["processing"])),
                .taggedCase("LIVENESS", fields: capture),
                .taggedCase("PASSIVE", fields: capture),
                .taggedCase(
                    "PHOTO",
                    fields: VerificationPanel.schema(
                        [
                            "captureSessionId": .string,
                            "captureField": JSONSchema.string.described("UPLOAD_CAPTURE the photo under this name."),
                            "captureMode": CaptureMode.ref,
                        ], required: ["captureSessionId", "captureMode"])),
            ] + VerificationOutcomeState.caseSchemas)
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        if let outcome = try VerificationOutcomeState.read(tagged) {
            self = .outcome(outcome)
            return
        }
        switch tagged.type {
        case "PREPARING": self = .preparing(try tagged.fields(["processing"]).value("processing"))
        case "LIVENESS", "PASSIVE":
            let fields = try tagged.fields(VerificationPanel.fields + ["capture"])
            let panel = try VerificationPanel(fields)
            let capture: SelfieCaptureView = try fields.value("capture")
            self = tagged.type == "LIVENESS" ? .liveness(panel, capture: capture) : .passive(panel, capture: capture)
        case "PHOTO":
            let fields = try tagged.fields(
                VerificationPanel.fields + ["captureSessionId", "captureField", "captureMode"])
            self = .photo(
                try VerificationPanel(fields),
                SelfiePhoto(
                    captureSessionId: try fields.optionalText("captureSessionId") ?? "",
                    captureField: try fields.optionalText("captureField"),
                    captureMode: try fields.value("captureMode")))
        default:
            throw tagged.unknownType(["PREPARING", "LIVENESS", "PASSIVE", "PHOTO"] + VerificationOutcomeState.types)
        }
    }
}

/// The liveness capture of LIVENESS and PASSIVE. Wire: `{captureSessionId, serviceUrl, inquiryId, stepId,
/// expiresAtMs}`.
public struct SelfieCaptureView: WireValue, WireDescribed, Hashable {
    public var captureSessionId: String
    public var serviceUrl: String
    public var inquiryId: String
    public var stepId: String
    public var expiresAtMs: Int64

    public var json: JSONValue {
        [
            "captureSessionId": .string(captureSessionId), "serviceUrl": .string(serviceUrl),
            "inquiryId": .string(inquiryId), "stepId": .string(stepId), "expiresAtMs": .int(expiresAtMs),
        ]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "captureSessionId": JSONSchema.string.described("A new id means a new capture session."),
                "serviceUrl": JSONSchema.string.described("The liveness service: Folio's selfie proxy."),
                "inquiryId": .string, "stepId": .string,
                "expiresAtMs": JSONSchema.integer.described("Unix milliseconds."),
            ], required: ["captureSessionId", "serviceUrl", "inquiryId", "stepId", "expiresAtMs"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path, fields: ["captureSessionId", "serviceUrl", "inquiryId", "stepId", "expiresAtMs"])
        // Blank or mismatched members are the capture check's to refuse (InvalidState), not the reader's.
        captureSessionId = try fields.optionalText("captureSessionId") ?? ""
        serviceUrl = try fields.optionalText("serviceUrl") ?? ""
        inquiryId = try fields.optionalText("inquiryId") ?? ""
        stepId = try fields.optionalText("stepId") ?? ""
        expiresAtMs = try fields.optionalInt64("expiresAtMs") ?? 0
    }
}

/// The selfie photo of PHOTO: uploaded to `captureField` with the session's id.
public struct SelfiePhoto: Hashable, Sendable {
    public var captureSessionId: String
    /// Absent when Folio sent none: the update fails with MissingCaptureField.
    public var captureField: String?
    public var captureMode: CaptureMode
}
