import Bus
import FolioModel
import Synchronization
import WireModel

extension InquiryReducer {
    /// The InquiryUiModel: the stored stage with the kept values and field errors laid over it, the error's
    /// projection, the failure notice and the chrome texts in the inquiry's language.
    public func model(of state: State) -> JSONValue {
        // Every mounted store starts idle: stores of the same language share one idle model.
        if state.entry == nil, state.lifecycle == .idle {
            return Self.idleModel(locale: state.textLocale)
        }
        let locale = state.textLocale
        let resumeBeforeFirstStep = (state.entry?.isResume ?? false) && !state.hasFirstStep
        let errorView = state.error.map {
            InquiryErrorView.project(
                $0, codeFieldId: state.stage?.codeStepErrorField, resumeBeforeFirstStep: resumeBeforeFirstStep,
                locale: locale)
        }
        var inquiry: JSONValue?
        if let access = state.access, let stage = state.stage {
            let shown = Self.shown(stage, state: state, errorView: errorView)
            inquiry = Wire.object([
                "id": .string(access.inquiryId), "stage": shown.json, "status": state.status?.json,
                "locale": state.locale.map(JSONValue.string),
            ])
        }
        return Wire.object([
            "inquiry": inquiry,
            "chrome": Self.chrome(locale: locale),
            "loading": .bool(state.loading),
            "error": errorView?.json,
            "failure": state.failure.map { InquiryFailureView.notice($0, locale: locale).json },
            "lifecycle": state.lifecycle.json,
            "identity": state.identity?.json,
        ])
    }

    private static let idleModels = Mutex<JSONObject>([:])
    private static let chromes = Mutex<JSONObject>([:])

    private static func idleModel(locale: LocaleTag) -> JSONValue {
        cached(in: idleModels, locale: locale) {
            Wire.object([
                "chrome": chrome(locale: locale), "loading": .bool(false), "lifecycle": InquiryLifecycle.idle.json,
            ])
        }
    }

    /// The chrome texts of a language, built once: every model carries them, and they depend on the language
    /// alone.
    private static func chrome(locale: LocaleTag) -> JSONValue {
        cached(in: chromes, locale: locale) { InquiryChromeView(locale: locale).json }
    }

    /// What `make` builds for a language, kept in `cache`. Bounded: a runtime's locale is any BCP 47 tag, so an
    /// unbounded cache could grow without end.
    private static func cached(
        in cache: borrowing Mutex<JSONObject>, locale: LocaleTag, _ make: () -> JSONValue
    ) -> JSONValue {
        if let value = cache.withLock({ $0[locale.rawValue] }) { return value }
        let value = make()
        cache.withLock { values in
            if values.count < 256 { values[locale.rawValue] = value }
        }
        return value
    }

    private static func shown(_ stage: InquiryStage, state: State, errorView: InquiryErrorView?) -> InquiryStage {
        var fieldErrorText: (id: String, text: String)?
        if let errorView, case .field(let fieldId) = errorView.placement, let text = errorView.text {
            fieldErrorText = (fieldId, text)
        }
        var shown = stage
        if case .verification(let view) = stage.content {
            shown.content = .verification(view.showing(kept: state.kept, capture: state.capture))
            return shown
        }
        shown.mapFields { field in
            if let kept = state.kept[field.key] { field.show(kept) }
            if let violation = state.fieldErrors[field.id] { field.error = violation }
            if let fieldErrorText, fieldErrorText.id == field.id || fieldErrorText.id == field.key {
                field.error = fieldErrorText.text
            }
        }
        return shown
    }
}

/// The schema of the InquiryUiModel that ``InquiryReducer/model(of:)`` builds:
/// `{inquiry?, chrome, loading, error?, failure?, lifecycle, identity?}`.
public enum InquiryUiModel: WireDescribed {
    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "inquiry": InquiryView.ref.described("Absent until Open produced an inquiry's first step."),
                "chrome": InquiryChromeView.ref,
                "loading": JSONSchema.boolean.described("A request to Folio is running."),
                "error": InquiryErrorView.ref.described("The current error and where it belongs."),
                "failure": InquiryFailureView.ref,
                "lifecycle": InquiryLifecycle.ref,
                "identity": VerifiedIdentity.ref,
            ], required: ["chrome", "loading", "lifecycle"])
    }
}

/// The schema of the model's `inquiry`: `{id, stage, status, locale}`, with the kept values and field errors
/// laid over the stage.
public enum InquiryView: WireDescribed {
    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": JSONSchema.string.described("The inquiry id."),
                "stage": InquiryStage.ref.described("The step to show."),
                "status": InquiryStatus.ref.described("The status Folio last reported."),
                "locale": JSONSchema.string.described("The inquiry's language (en, de)."),
            ], required: ["id", "stage", "status", "locale"])
    }
}

extension FieldView {
    /// Shows a kept value the way the field's kind puts it on the wire.
    fileprivate mutating func show(_ kept: KeptValue) {
        switch kept {
        case .text(let text), .dateTime(let text), .selection(let text): value = .string(text)
        case .selections(let values): value = .array(values.map(JSONValue.string))
        case .toggle(let checked): value = .bool(checked)
        case .address(let parts): value = .array(parts.map { $0.json })
        case .file(let file): value = file.json
        case .phone:
            guard let phone = PhoneEditing(self) else { return }
            input = phone.shown(kept: kept)
        }
    }
}
