import Bus
import FolioModel
import WireModel

/// The step to show (spec "Stages"). Wire: `{navigation?, errors?, content}`.
public struct InquiryStage: WireValue, WireDescribed, Hashable {
    public var navigation: StageNavigation?
    public var errors: StepErrorsView?
    public var content: StageContent

    public init(navigation: StageNavigation?, errors: StepErrorsView?, content: StageContent) {
        self.navigation = navigation
        self.errors = errors
        self.content = content
    }

    public var json: JSONValue {
        Wire.object(["navigation": navigation?.json, "errors": errors?.json, "content": content.json])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["navigation": StageNavigation.ref, "errors": StepErrorsView.ref, "content": StageContent.ref],
            required: ["content"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["navigation", "errors", "content"])
        navigation = try fields.optionalValue("navigation")
        errors = try fields.optionalValue("errors")
        content = try fields.value("content")
    }

    public var screen: ScreenView? {
        if case .screen(let screen) = content { return screen }
        return nil
    }

    /// Applies `change` to every field of a screen stage, in place.
    public mutating func mapFields(_ change: (inout FieldView) -> Void) {
        guard case .screen(var screen) = content else { return }
        screen.mapFields(change)
        content = .screen(screen)
    }
}

/// Wire: `{canGoBack, canComplete, bar?}`.
public struct StageNavigation: WireValue, WireDescribed, Hashable {
    public var canGoBack: Bool
    public var canComplete: Bool
    public var bar: NavigationBarView?

    public var json: JSONValue {
        Wire.object(["canGoBack": .bool(canGoBack), "canComplete": .bool(canComplete), "bar": bar?.json])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "canGoBack": JSONSchema.boolean.described("Show a back control that sends BACK."),
                "canComplete": JSONSchema.boolean.described("The inquiry can complete."),
                "bar": NavigationBarView.ref,
            ], required: ["canGoBack", "canComplete"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["canGoBack", "canComplete", "bar"])
        canGoBack = try fields.bool("canGoBack")
        canComplete = try fields.bool("canComplete")
        bar = try fields.optionalValue("bar")
    }
}

/// Wire: `{backLabel?, closeLabel, cancelDialog}`.
public struct NavigationBarView: WireValue, WireDescribed, Hashable {
    public var backLabel: String?
    public var closeLabel: String
    public var cancelDialog: CancelDialogView

    public var json: JSONValue {
        Wire.object([
            "backLabel": backLabel.map(JSONValue.string), "closeLabel": .string(closeLabel),
            "cancelDialog": cancelDialog.json,
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["backLabel": .string, "closeLabel": .string, "cancelDialog": CancelDialogView.ref],
            required: ["closeLabel", "cancelDialog"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["backLabel", "closeLabel", "cancelDialog"])
        backLabel = try fields.optionalText("backLabel")
        closeLabel = try fields.text("closeLabel")
        cancelDialog = try fields.value("cancelDialog")
    }
}

/// Wire: `{title, prompt, confirmText, dismissText}`.
public struct CancelDialogView: WireValue, WireDescribed, Hashable {
    public var title: String
    public var prompt: String
    public var confirmText: String
    public var dismissText: String

    public var json: JSONValue {
        [
            "title": .string(title), "prompt": .string(prompt), "confirmText": .string(confirmText),
            "dismissText": .string(dismissText),
        ]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["title": .string, "prompt": .string, "confirmText": .string, "dismissText": .string],
            required: ["title", "prompt", "confirmText", "dismissText"],
            description: "The dialog that confirms leaving the inquiry.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["title", "prompt", "confirmText", "dismissText"])
        title = try fields.text("title")
        prompt = try fields.text("prompt")
        confirmText = try fields.text("confirmText")
        dismissText = try fields.text("dismissText")
    }
}

/// Wire: `{transportError}`: the generic error text of the step.
public struct StepErrorsView: WireValue, WireDescribed, Hashable {
    public var transportError: String

    public var json: JSONValue { ["transportError": .string(transportError)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "transportError": JSONSchema.string.described(
                    "The generic error text of the step: show it when the model's error has no text of its own.")
            ], required: ["transportError"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        transportError = try WireObject(json, path: path, fields: ["transportError"]).text("transportError")
    }
}

/// The content of a stage: one of four cases.
public enum StageContent: WireValue, WireDescribed, Hashable {
    case screen(ScreenView)
    /// A verification step: government id, NFC chip, selfie, email or phone code.
    case verification(VerificationView)
    case handoff(HandoffView)
    case terminal(outcome: TerminalOutcome, redirect: LinkTarget?)

    public var json: JSONValue {
        switch self {
        case .screen(let screen): TaggedValue(type: "SCREEN", value: screen.json).json
        case .verification(let view): TaggedValue(type: "VERIFICATION", value: view.json).json
        case .handoff(let view): TaggedValue(type: "HANDOFF", value: view.json).json
        case .terminal(let outcome, let redirect):
            Wire.tagged("TERMINAL", ["outcome": outcome.json, "redirect": redirect?.json])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "SCREEN": ScreenView.ref, "VERIFICATION": VerificationView.ref, "HANDOFF": HandoffView.ref,
            "TERMINAL": .closedObject(
                [
                    "outcome": TerminalOutcome.ref,
                    "redirect": LinkTarget.only("UNIVERSAL").described(
                        "The link to open when the inquiry ends, always UNIVERSAL; open it once loading is false."),
                ], required: ["outcome"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        let valuePath = path + ".value"
        switch tagged.type {
        case "SCREEN": self = .screen(try ScreenView(json: tagged.value ?? .null, path: valuePath))
        case "VERIFICATION": self = .verification(try VerificationView(json: tagged.value ?? .null, path: valuePath))
        case "HANDOFF": self = .handoff(try HandoffView(json: tagged.value ?? .null, path: valuePath))
        case "TERMINAL":
            let fields = try tagged.fields(["outcome", "redirect"])
            self = .terminal(outcome: try fields.value("outcome"), redirect: try fields.optionalValue("redirect"))
        default: throw tagged.unknownType(["SCREEN", "VERIFICATION", "HANDOFF", "TERMINAL"])
        }
    }
}

/// The Handoff stage. Wire: `{kind, code, qr, link?, expiresAtMs}`.
public struct HandoffView: WireValue, WireDescribed, Hashable {
    public var kind: HandoffKind
    public var code: String
    public var qr: String
    /// An External target when `qr` is an http or https URL.
    public var link: LinkTarget?
    public var expiresAtMs: Int64

    public init(kind: HandoffKind, code: String, qr: String, link: LinkTarget?, expiresAtMs: Int64) {
        self.kind = kind
        self.code = code
        self.qr = qr
        self.link = link
        self.expiresAtMs = expiresAtMs
    }

    public var json: JSONValue {
        Wire.object([
            "kind": kind.json, "code": .string(code), "qr": .string(qr), "link": link?.json,
            "expiresAtMs": .int(expiresAtMs),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "kind": HandoffKind.ref,
                "code": JSONSchema.string.described("The code the other device resumes with (ANOTHER_DEVICE)."),
                "qr": JSONSchema.string.described("The QR code's payload."),
                "link": LinkTarget.only("EXTERNAL").described("Present when qr is an http or https URL."),
                "expiresAtMs": JSONSchema.integer.described("Unix milliseconds."),
            ], required: ["kind", "code", "qr", "expiresAtMs"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["kind", "code", "qr", "link", "expiresAtMs"])
        kind = try fields.value("kind")
        code = try fields.text("code")
        qr = try fields.text("qr")
        link = try fields.optionalValue("link")
        expiresAtMs = try fields.int64("expiresAtMs")
    }
}

public enum HandoffKind: String, WireStringEnum, Hashable {
    case qr = "QR"
}
