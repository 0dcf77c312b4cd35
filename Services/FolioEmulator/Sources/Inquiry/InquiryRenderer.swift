import FolioModel

/// Builds the StepEnvelope of an inquiry for one device in one language: the template's screen with
/// the texts resolved and the field values filled in, the observer screen, or the terminal stage.
struct InquiryRenderer {
    let template: InquiryTemplate
    let record: InquiryRecord
    /// A language of the template.
    let locale: String
    /// `http://host:port` of the emulator as the caller addressed it.
    let baseURL: String

    init(template: InquiryTemplate, record: InquiryRecord, requestedLocale: String?, baseURL: String) {
        self.template = template
        self.record = record
        locale = template.locale(for: requestedLocale ?? record.locale)
        self.baseURL = baseURL
    }

    var texts: InquiryTexts { .texts(for: locale) }

    /// `{inquiryId, correlationId, status, locale, languages, controller, stage}`.
    func envelope(deviceId: String) -> JSONValue {
        let controller = record.controllerDeviceId == deviceId
        let stage: JSONValue
        if record.status.isFinal {
            stage = terminalStage
        } else if controller {
            stage = stepStage
        } else {
            stage = observerStage
        }
        var answer: JSONObject = [
            "inquiryId": .string(record.id), "correlationId": .string(record.correlationId),
            "status": .string(record.status.rawValue), "locale": .string(locale),
            "languages": .array(template.languages.map { $0.json }), "controller": .bool(controller), "stage": stage,
        ]
        if let issuanceId = record.issuanceId { answer["issuanceId"] = .string(issuanceId) }
        return .object(answer)
    }

    var errors: JSONValue { ["transportError": .string(texts.transportError)] }

    func navigation(canGoBack: Bool, canComplete: Bool) -> JSONValue {
        var bar: JSONObject = [
            "closeLabel": .string(texts.close),
            "cancelDialog": [
                "title": .string(texts.cancelTitle), "prompt": .string(texts.cancelPrompt),
                "confirmText": .string(texts.cancelConfirm), "dismissText": .string(texts.cancelDismiss),
            ],
        ]
        if canGoBack { bar["backLabel"] = .string(texts.back) }
        return ["canGoBack": .bool(canGoBack), "canComplete": .bool(canComplete), "bar": .object(bar)]
    }

    private var stepStage: JSONValue {
        let index = min(record.stepIndex, template.steps.count - 1)
        let step = template.steps[index]
        if let verification = step.verification {
            return verificationStage(step.id, verification, index: index)
        }
        let containers = Self.localize(step.containers, locale, template.defaultLocale).arrayValue ?? []
        return [
            "navigation": navigation(canGoBack: index > 0, canComplete: index == template.steps.count - 1),
            "errors": errors,
            "content": [
                "type": "SCREEN",
                "value": ["stepId": .string(step.id), "containers": .array(containers.map(container))],
            ],
        ]
    }

    private var observerStage: JSONValue {
        let title: JSONValue = [
            "type": "TEXT",
            "value": [
                "id": "observer_title", "text": .string(texts.observerTitle), "style": "TITLE", "color": "PRIMARY",
            ],
        ]
        let body: JSONValue = [
            "type": "TEXT",
            "value": [
                "id": "observer_body", "text": .string(texts.observerBody), "style": "BODY", "color": "SECONDARY",
            ],
        ]
        let button: JSONValue = [
            "type": "BUTTON",
            "value": [
                "id": "observer_continue", "label": .string(texts.continueHere), "style": "PRIMARY",
                "intent": ["type": "CONTINUE_HERE"], "enabled": true,
            ],
        ]
        let containers: [JSONValue] = [
            ["id": "observer_header", "layout": ["type": "HEADER"], "elements": [title]],
            ["id": "observer_content", "layout": ["type": "CONTENT"], "elements": [body]],
            ["id": "observer_actions", "layout": ["type": "ACTION"], "elements": [button]],
        ]
        return [
            "navigation": navigation(canGoBack: false, canComplete: false), "errors": errors,
            "content": [
                "type": "SCREEN",
                "value": ["stepId": .string(InquiryTemplate.observerStepId), "containers": .array(containers)],
            ],
        ]
    }

    private var terminalStage: JSONValue {
        var value: JSONObject = ["outcome": .string(record.status.rawValue)]
        if record.status == .completed, let redirect = template.redirect {
            value["redirect"] = ["type": "UNIVERSAL", "value": ["url": .string(redirect)]]
        }
        return ["errors": errors, "content": ["type": "TERMINAL", "value": .object(value)]]
    }

    private func container(_ container: JSONValue) -> JSONValue {
        guard var members = container.objectValue else { return container }
        members["elements"] = .array((container["elements"]?.arrayValue ?? []).map(element))
        return .object(members)
    }

    /// Fills what the template may leave out and the values of fields.
    private func element(_ element: JSONValue) -> JSONValue {
        guard let type = element["type"]?.stringValue, var value = element["value"]?.objectValue else {
            return element
        }
        switch type {
        case "BUTTON":
            if value["enabled"] == nil { value["enabled"] = true }
        case "LANGUAGE_SELECTOR":
            value["languages"] = .array(template.languages.map { $0.json })
            value["currentLocale"] = .string(locale)
        case "FIELD":
            return ["type": "FIELD", "value": field(element["value"] ?? .null)]
        default:
            break
        }
        return ["type": .string(type), "value": .object(value)]
    }

    /// A FieldView: `required`, `readOnly` and `constraints` default to false, false and `{}`; the value
    /// is the last submitted one, else the prefill, else the template's.
    private func field(_ field: JSONValue) -> JSONValue {
        guard let kind = field["type"]?.stringValue, var view = field["value"]?.objectValue,
            let key = view["key"]?.stringValue
        else { return field }
        if view["required"] == nil { view["required"] = false }
        if view["readOnly"] == nil { view["readOnly"] = false }
        if view["constraints"] == nil { view["constraints"] = [:] }
        if let value = record.values[key] ?? record.prefill[key], !value.isNull {
            if kind == "PHONE" {
                view["input"] = Self.phoneInput(view["input"] ?? .null, value, options: view["constraints"])
            } else {
                view["value"] = Self.shown(value, kind: kind, constraints: view["constraints"])
            }
        }
        return ["type": .string(kind), "value": .object(view)]
    }

    /// A submitted value as the FieldView shows it: a NUMBER as text, a DATE without time in its mask's format.
    static func shown(_ value: JSONValue, kind: String, constraints: JSONValue?) -> JSONValue {
        switch (kind, value) {
        case ("NUMBER", .int(let number)): return .string(String(number))
        case ("NUMBER", .double(let number)): return .string(String(number))
        case ("DATE", .string(let text)):
            guard constraints?["includeTime"]?.boolValue != true,
                let format = constraints?["mask"]?["format"]?.stringValue
            else { return value }
            return .string(formatDate(text, format) ?? text)
        default: return value
        }
    }

    /// `YYYY-MM-DD` written in a format of `DD`, `MM` and `YYYY` (`DD.MM.YYYY`); nil when it is not an ISO date.
    static func formatDate(_ iso: String, _ format: String) -> String? {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return format.replacingOccurrences(of: "YYYY", with: parts[0])
            .replacingOccurrences(of: "MM", with: parts[1])
            .replacingOccurrences(of: "DD", with: parts[2])
    }

    /// A phone's input for a full number `+49...`: the option with the longest matching dial code, and
    /// the rest as the national text.
    static func phoneInput(_ input: JSONValue, _ value: JSONValue, options constraints: JSONValue?) -> JSONValue {
        guard var members = input.objectValue, let number = value.stringValue else { return input }
        let options = constraints?["countryOptions"]?.arrayValue ?? []
        let match =
            options
            .filter { option in option["dialCode"]?.stringValue.map { number.hasPrefix($0) } ?? false }
            .max { ($0["dialCode"]?.stringValue?.count ?? 0) < ($1["dialCode"]?.stringValue?.count ?? 0) }
        var national = members["national"]?.objectValue ?? [:]
        var country = members["country"]?.objectValue ?? [:]
        if let match, let dialCode = match["dialCode"]?.stringValue {
            country["selected"] = match
            national["text"] = .string(String(number.dropFirst(dialCode.count)))
        } else {
            national["text"] = .string(number)
        }
        members["national"] = .object(national)
        members["country"] = .object(country)
        return .object(members)
    }

    /// Replaces every `{"$t": {...}}` with its text in `locale`, else in `fallback`.
    static func localize(_ value: JSONValue, _ locale: String, _ fallback: String) -> JSONValue {
        switch value {
        case .object(let members):
            if members.count == 1, let texts = members["$t"]?.objectValue {
                return .string(texts[locale]?.stringValue ?? texts[fallback]?.stringValue ?? "")
            }
            return .object(members.mapValues { localize($0, locale, fallback) })
        case .array(let elements):
            return .array(elements.map { localize($0, locale, fallback) })
        default:
            return value
        }
    }
}
