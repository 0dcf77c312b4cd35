import FolioModel

extension InquiryRenderer {
    /// A VERIFICATION stage: `{type: kind, value: {stepId, attempt, state}}` in the wire shape of
    /// docs/inquiry-store.md ("Verification steps"), texts from the template in the envelope's language.
    func verificationStage(_ stepId: String, _ verification: InquiryVerificationTemplate, index: Int) -> JSONValue {
        let progress = record.verifications[stepId] ?? InquiryVerification(state: .processing)
        let state = verificationState(stepId, verification, progress)
        let stepsBack: Set<InquiryVerification.State> = [.confirm, .confirmCode, .scan, .uploadReview]
        let inStepBack =
            verification.kind == .governmentId ? stepsBack.contains(progress.state) : progress.state == .confirmCode
        return [
            "navigation": navigation(
                canGoBack: index > 0 || inStepBack, canComplete: index == template.steps.count - 1),
            "errors": errors,
            "content": [
                "type": "VERIFICATION",
                "value": [
                    "type": .string(verification.kind.rawValue),
                    "value": [
                        "stepId": .string(stepId), "attempt": progress.attemptJSON(verification), "state": state,
                    ],
                ],
            ],
        ]
    }

    /// The `{type, value}` of the state enum of the step's kind.
    private func verificationState(
        _ stepId: String, _ verification: InquiryVerificationTemplate, _ progress: InquiryVerification
    ) -> JSONValue {
        let texts = StateTexts(renderer: self, verification: verification, stepId: stepId)
        let knobs = record.verificationKnobs[stepId] ?? .init()
        var value: JSONObject
        let type: String
        switch progress.state {
        case .selectDocument:
            type = "SELECT_DOCUMENT"
            let settings = verification.governmentId
            value = texts.common("SELECT_DOCUMENT", buttons: [texts.submit("SELECT_DOCUMENT")])
            value["selectionField"] = .string(settings?.selectionField ?? "")
            value["options"] = .array(
                (settings?.documents ?? []).map { ["value": .string($0.type), "label": texts.text($0.label)] })
            if let chosen = progress.documentType { value["selected"] = .string(chosen) }
        case .scan, .confirm, .uploadReview:
            type = progress.state.rawValue
            let side = verification.governmentId?.documents.first { $0.type == progress.documentType }
                .flatMap { progress.sideIndex < $0.sides.count ? $0.sides[progress.sideIndex] : nil }
            let image = side.flatMap { progress.images[$0.side] }
            var buttons: [JSONValue] = []
            if progress.state != .scan {
                buttons.append(texts.submit(type, side: side, enabled: progress.state == .confirm || image != nil))
            }
            buttons += texts.back(type, side: side)
            value = texts.common(type, side: side, buttons: buttons)
            value["side"] = .string(side?.side ?? "FRONT")
            if progress.state != .confirm {
                value["captureField"] = .string(side?.captureField ?? "")
                value["captureMode"] = .string(side?.captureMode ?? "CAMERA")
            }
            if progress.state == .scan {
                value["camera"] = ["trigger": ["type": "SEARCHING"], "shouldCapture": false]
            }
            if let image { value["image"] = image.reference }
        case .chip:
            type = "SCAN"
            let nfc = verification.nfc
            value = texts.common("SCAN", buttons: [texts.submit("SCAN")] + texts.back("SCAN"))
            value["documentType"] = .string(nfc?.documentType ?? "PASSPORT")
            value["chipField"] = .string(nfc?.chipField ?? "")
            value["chipFiles"] = .array((nfc?.chipFiles ?? []).map { .string($0) })
            value["received"] = .array(
                InquiryVerificationTemplate.chipTags.map(\.name).filter { progress.chipFiles[$0] != nil }
                    .map { .string($0) })
        case .preparing:
            type = "PREPARING"
            value = ["processing": texts.processing("PREPARING")]
        case .capture:
            let mode = verification.selfie?.mode ?? "LIVENESS"
            type = mode
            value = texts.common(mode, buttons: texts.back(mode))
            var session = progress.captureSessionId ?? ""
            if knobs.captureMismatch == .blankSession { session = "" }
            if mode == "PHOTO" {
                value["captureSessionId"] = .string(session)
                if let field = verification.selfie?.captureField, !knobs.photoWithoutCaptureField {
                    value["captureField"] = .string(field)
                }
                value["captureMode"] = .string(verification.selfie?.captureMode ?? "CAMERA")
            } else {
                let expiresAtMs = progress.captureExpiresAt.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
                value["capture"] = [
                    "captureSessionId": .string(session),
                    "serviceUrl": .string(knobs.selfieServiceUrl ?? baseURL + "/v1/selfie-proxy"),
                    "inquiryId": .string(knobs.captureMismatch == .inquiryId ? record.id + "_other" : record.id),
                    "stepId": .string(knobs.captureMismatch == .stepId ? stepId + "_other" : stepId),
                    "expiresAtMs": .int(expiresAtMs ?? 0),
                ]
            }
        case .verify:
            type = "VERIFY"
            let otp = verification.otp
            value = texts.common("VERIFY", buttons: [texts.submit("VERIFY")] + texts.back("VERIFY"))
            value["contactField"] = .string(otp?.contactField ?? "")
            value["label"] = texts.member("VERIFY", "label")
            let last = progress.code?.target
            if verification.kind == .phoneOtp, let otp {
                let selected = otp.countryOptions.first { $0["country"]?.stringValue == otp.defaultCountry }
                var country: JSONObject = ["field": .string(otp.countryField ?? "")]
                if let selected { country["selected"] = selected }
                var input: JSONValue = [
                    "country": .object(country), "national": ["field": .string(otp.nationalField ?? ""), "text": ""],
                ]
                if let last {
                    input = Self.phoneInput(
                        input, .string(last), options: ["countryOptions": .array(otp.countryOptions)])
                }
                value["input"] = input
                value["countryOptions"] = .array(otp.countryOptions)
            } else {
                if verification.states["VERIFY"]?["placeholder"] != nil {
                    value["placeholder"] = texts.member("VERIFY", "placeholder")
                }
                if let last { value["value"] = .string(last) }
            }
        case .bound:
            type = "BOUND"
            let key = verification.otp?.prefillKey ?? ""
            let target = record.prefill[key]?.stringValue ?? ""
            value = texts.common("BOUND", buttons: [texts.submit("BOUND")] + texts.back("BOUND"), target: target)
            value["footer"] = texts.member("BOUND", "footer", target: target)
        case .confirmCode:
            type = "CONFIRM"
            let otp = verification.otp
            value = texts.common(
                "CONFIRM", buttons: [texts.submit("CONFIRM")] + texts.back("CONFIRM"), target: progress.code?.target)
            value["codeField"] = .string(otp?.codeField ?? "")
            value["code"] = [
                "length": .int(Int64(otp?.codeLength ?? 6)), "groups": .int(Int64(otp?.groups ?? 2)),
                "value": "", "formatted": "",
            ]
            value["confirmLimit"] = .int(Int64(otp?.confirmLimit ?? 3))
            value["codeTtl"] = .int(Int64(otp?.codeTtl ?? 300))
        case .processing:
            type = "PROCESSING"
            value = ["processing": texts.processing("PROCESSING")]
        case .passed:
            type = "PASSED"
            value = texts.common("PASSED", buttons: [texts.submit("PASSED")])
        case .failed:
            type = "FAILED"
            let retry = progress.canRetry(verification)
            value = texts.common("FAILED", buttons: [texts.submit("FAILED", label: retry ? "retry" : "submit")])
        case .error, .expired:
            type = "ERROR"
            let name = progress.state == .expired && verification.states["EXPIRED"] != nil ? "EXPIRED" : "ERROR"
            let retry = progress.canRetry(verification)
            value = [
                "title": texts.member(name, "title"),
                "illustration": ["type": "PRESET", "value": ["preset": "FAILURE"]],
                "buttons": [texts.submit("ERROR", label: retry ? "retry" : "submit")],
            ]
            for member in ["description", "failureReason"] where verification.states[name]?[member] != nil {
                value[member] = texts.member(name, member)
            }
        }
        return ["type": .string(type), "value": .object(value)]
    }
}

/// The texts of a verification step's states in the renderer's language, and its buttons.
private struct StateTexts {
    let renderer: InquiryRenderer
    let verification: InquiryVerificationTemplate
    let stepId: String

    func text(_ value: JSONValue?) -> JSONValue {
        guard let value else { return "" }
        return InquiryRenderer.localize(value, renderer.locale, renderer.template.defaultLocale)
    }

    /// A member of a state's texts; `{target}` becomes the address or number of a code step.
    func member(
        _ state: String, _ name: String, side: InquiryVerificationTemplate.Side? = nil, target: String? = nil
    ) -> JSONValue {
        let value = text(verification.texts(state, side: side)[name])
        guard let target, let string = value.stringValue else { return value }
        return .string(string.replacingOccurrences(of: "{target}", with: target))
    }

    /// `{title, description, buttons}`.
    func common(
        _ state: String, side: InquiryVerificationTemplate.Side? = nil, buttons: [JSONValue], target: String? = nil
    ) -> JSONObject {
        [
            "title": member(state, "title", side: side, target: target),
            "description": member(state, "description", side: side, target: target), "buttons": .array(buttons),
        ]
    }

    /// ProcessingView `{title, description}`.
    func processing(_ state: String) -> JSONValue {
        ["title": member(state, "title"), "description": member(state, "description")]
    }

    /// The PRIMARY SUBMIT button of a state, labelled with its `submit` (or `retry`) text.
    func submit(
        _ state: String, side: InquiryVerificationTemplate.Side? = nil, label: String = "submit", enabled: Bool = true
    ) -> JSONValue {
        [
            "id": .string("\(stepId)_\(label)"), "label": member(state, label, side: side), "style": "PRIMARY",
            "intent": ["type": "SUBMIT"], "enabled": .bool(enabled),
        ]
    }

    /// The SECONDARY BACK button of a state whose texts have `back`.
    func back(_ state: String, side: InquiryVerificationTemplate.Side? = nil) -> [JSONValue] {
        guard verification.texts(state, side: side)["back"] != nil else { return [] }
        return [
            [
                "id": .string("\(stepId)_back"), "label": member(state, "back", side: side), "style": "SECONDARY",
                "intent": ["type": "BACK"], "enabled": true,
            ]
        ]
    }
}
