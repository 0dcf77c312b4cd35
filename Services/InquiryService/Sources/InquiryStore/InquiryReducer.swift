import Bus
import FolioModel
import Foundation
import StoreKit
import WireModel

/// InquiryStore's rules (spec `inquiry-store.md`) as a pure reducer: no I/O, no clock reads (an action carries
/// the time it arrived), no randomness.
public struct InquiryReducer: StoreReducer {
    public typealias Action = InquiryAction

    /// Folio's selfie proxy: the only liveness service a selfie capture may name.
    let selfieCheck: SelfieCaptureCheck

    /// The proxy Folio serves for liveness engines; the service passes FOLIO_SELFIE_PROXY_URL.
    public static let defaultSelfieProxyURL = "http://127.0.0.1:8090/v1/selfie-proxy"

    public init(selfieProxyURL: String = InquiryReducer.defaultSelfieProxyURL) {
        let normalized = (try? LinkNormalizer.normalize(selfieProxyURL)) ?? selfieProxyURL
        selfieCheck = SelfieCaptureCheck(proxyURL: normalized)
    }

    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> InquiryAction {
        do {
            return try InquiryAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// Every inquiry action but Act with a PreviewFrame skips the runtime's queue.
    public static func lane(of action: InquiryAction) -> ActionLane {
        if case .act(let intent) = action, intent.isPreviewFrame { return .queued }
        return .skipsQueue
    }

    public static func actionReceived(_ action: InquiryAction) -> Event { .actionReceived(action, at: Date()) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(let action, let at):
            return receive(action, at: at, &state)
        case .launchCodeRecalled(let requestID, let saved, let holder):
            guard case .start(let code)? = state.entry, state.requests.settle(requestID) else { return [] }
            guard let saved else { return exchange(code, sessionHolder: holder, &state) }
            return enter(saved, launchCode: nil, &state)
        case .savedInquiryRecalled(let requestID, let saved):
            guard state.requests.settle(requestID) else { return [] }
            guard let saved else { return failBeforeFirstStep(.noActiveInquiry, &state) }
            return enter(saved, launchCode: nil, &state)
        case .accessGranted(let requestID, let saved):
            guard state.requests.settle(requestID) else { return [] }
            var launchCode: String?
            if case .start(let code)? = state.entry { launchCode = code }
            return enter(saved, launchCode: launchCode, &state)
        case .inquiryRemembered(let requestID):
            guard state.requests.settle(requestID) else { return [] }
            return callFolio(.read(locale: nil), &state)
        case .inquiryNotRemembered(let requestID):
            // Not silently: a resume on this device would not find the inquiry, and the launch code is spent.
            // Retry opens the entry again under the same idempotency keys, so Folio replays the exchange.
            guard state.requests.settle(requestID) else { return [] }
            return failBeforeFirstStep(.network(message: "the device memory is unavailable"), &state)
        case .inquiryNotForgotten(let inquiryId):
            guard !state.lifecycle.isClosed else { return [] }
            state.error = .network(message: "the device memory is unavailable")
            state.retry = .forgetInquiry(inquiryId)
            return []
        case .folioAnswered(let requestID, let answer):
            guard state.requests.settle(requestID) else { return [] }
            return apply(answer, &state)
        case .folioFailed(let requestID, let error):
            guard state.requests.settle(requestID) else { return [] }
            return fail(error, requestID: requestID, &state)
        case .localeSaved(let requestID, let locale):
            guard state.requests.settle(requestID) else { return [] }
            return callFolio(.read(locale: locale), &state)
        case .localeNotSaved(let requestID, let locale):
            guard state.requests.settle(requestID) else { return [] }
            state.loading = false
            state.error = .localeNotSaved(locale: locale)
            state.retry = .saveLocale(locale)
            return []
        case .identitySaved(let requestID, let identity):
            guard state.requests.settle(requestID) else { return [] }
            state.pendingSave = nil
            state.loading = false
            state.identity = identity
            return []
        case .identityNotSaved(let requestID, let error):
            guard let request = state.pendingSave, state.requests.settle(requestID) else { return [] }
            return identityNotSaved(error, request, &state)
        case .waitEnded(let requestID):
            // An intent sent during the pause replaced the read. The read goes out under the wait's id.
            guard !state.loading, state.requests.settle(requestID) else { return [] }
            return callFolio(.read(locale: state.locale), again: requestID, &state)
        }
    }

    // MARK: Actions

    private func receive(_ action: InquiryAction, at: Date, _ state: inout State) -> [Effect] {
        switch action {
        case .open(let entry):
            let base = state.requests.lastIssued
            state = State(sdkLocale: state.sdkLocale, deviceTimeZone: state.deviceTimeZone)
            state.requests.restart(countingFrom: base)
            state.openRequestBase = base == 0 ? nil : base
            return open(entry, &state)
        case .close:
            guard !state.lifecycle.isClosed else { return [] }
            state.lifecycle = .closed(outcome: state.outcome)
            state.loading = false
            state.requests.abandon(.answer)
            state.pendingFolio = nil
            return []
        case .status, .act:
            // After Close every action but Open is a no-op; before Open, Status and Act are ignored.
            guard !state.lifecycle.isClosed, let entry = state.entry else { return [] }
            // Once saving the verified identity failed, Status and every intent (Retry too) are no-ops.
            if case .failed(let error) = state.lifecycle, error.endsSave { return [] }
            guard state.hasFirstStep else {
                // Until Open produced an inquiry, only Retry does something: it opens the same entry again.
                guard case .act(.retry) = action, !state.loading else { return [] }
                let base = state.openRequestBase
                let (holder, holderRead) = (state.holder, state.holderRead)
                state = State(sdkLocale: state.sdkLocale, deviceTimeZone: state.deviceTimeZone)
                state.requests.restart(countingFrom: base ?? 0)
                state.openRequestBase = base
                // The exchange goes out again under the same key: with the holder read the first time.
                state.holder = holder
                state.holderRead = holderRead
                return open(entry, &state)
            }
            if case .act(let intent) = action { return act(intent, at: at, &state) }
            // One request to Folio at a time.
            guard !state.loading else { return [] }
            return callFolio(.read(locale: state.locale), &state)
        }
    }

    private func open(_ entry: InquiryEntry, _ state: inout State) -> [Effect] {
        state.entry = entry
        if let field = entry.blankField { return failBeforeFirstStep(.invalidEntry(field: field), &state) }
        state.loading = true
        let requestID = state.startRequest()
        switch entry {
        case .start(let launchCode): return [.recallLaunchCode(requestID: requestID, launchCode: launchCode)]
        case .resume(.sameDevice(let inquiryId)):
            return [.recallSavedInquiry(requestID: requestID, inquiryId: inquiryId)]
        case .resume(.anotherDevice(let code)): return [.redeemHandoff(requestID: requestID, code: code)]
        }
    }

    /// The device has access to the inquiry: save it as the current one first, so that a resume on this device
    /// finds it as soon as it shows, then read its step.
    private func enter(_ saved: SavedInquiry, launchCode: String?, _ state: inout State) -> [Effect] {
        state.access = saved
        return [.rememberInquiry(requestID: state.startRequest(), saved, launchCode: launchCode)]
    }

    // MARK: Requests to Folio

    /// Every request that reaches Folio sets loading and clears the current error until the answer arrives.
    /// A request sent again (Retry) keeps its id, and with it its idempotency key.
    func callFolio(_ request: FolioInquiryRequest, again requestID: UInt64? = nil, _ state: inout State) -> [Effect] {
        guard let access = state.access else { return [] }
        state.loading = true
        state.error = nil
        state.pendingFolio = request
        state.retryRequestID = nil
        let id: UInt64
        if let requestID {
            state.requests.expect(requestID, for: .answer)
            id = requestID
        } else {
            id = state.startRequest()
        }
        return [.callFolio(requestID: id, access, request)]
    }

    private func apply(_ answer: FolioInquiryAnswer, _ state: inout State) -> [Effect] {
        let request = state.pendingFolio
        state.readingAsObserver = false
        state.pendingFolio = nil
        state.loading = false
        state.retry = nil
        switch answer {
        case .step(let update):
            return applyStep(update, after: request, &state)
        case .handoff(let view):
            do {
                state.stage = try InquiryStage(navigation: nil, errors: state.stage?.errors, content: .handoff(view))
                    .normalizingLinks()
            } catch {
                state.error = .invalidLink(url: error.url)
            }
            return []
        case .uploaded(let field, let file):
            if let key = state.stage?.screen?.fields.first(where: { $0.key == field && $0.kind == .file })?.key {
                state.kept[key] = .file(file)
            }
            return []
        case .result(let status, let issuanceId):
            state.status = status
            if let outcome = status.outcome { state.outcome = outcome }
            guard let inquiryId = state.access?.inquiryId else { return [] }
            return announce(issuanceId, inquiryId: inquiryId, &state)
        }
    }

    private func applyStep(_ update: FolioStepUpdate, after request: FolioInquiryRequest?, _ state: inout State)
        -> [Effect]
    {
        let stage: InquiryStage
        do {
            stage = try checked(update.stage, inquiryId: update.inquiryId)
        } catch {
            // The update fails and the previous state stays; an inquiry at a final status is forgotten all the same,
            // and the issuance it offers is announced all the same.
            let final: [Effect] =
                update.status.outcome == nil
                ? [] : [.forgetInquiry(inquiryId: update.inquiryId)] + announce(update, &state)
            guard state.hasFirstStep else { return failBeforeFirstStep(error, &state) + final }
            state.error = error
            return final
        }
        if state.stage?.screenKey != stage.screenKey {
            state.kept = [:]
            state.fieldErrors = [:]
        }
        state.capture = Self.captureSession(for: stage, current: state.capture)
        if !state.hasFirstStep {
            state.lifecycle = .started(inquiryId: update.inquiryId, correlationId: update.correlationId)
        }
        state.stage = stage
        state.status = update.status
        state.locale = update.locale
        state.observing = !update.controller
        guard let outcome = update.status.outcome else {
            guard case .verification(let view) = stage.content else { return [] }
            if let save = view.identitySave(inquiryId: update.inquiryId), !state.identitySaves.contains(save.key) {
                return saveIdentity(save, &state)
            }
            // A step being checked or prepared moves on without an intent: the store reads it again.
            guard view.state.isWaiting else { return [] }
            let requestID = state.startRequest()
            return [.wait(requestID: requestID, milliseconds: Self.waitMilliseconds)]
        }
        // A final status: the device forgets the inquiry, and the store reads the result once.
        state.outcome = outcome
        var effects: [Effect] = [.forgetInquiry(inquiryId: update.inquiryId)] + announce(update, &state)
        if request != .result { effects += callFolio(.result, &state) }
        return effects
    }

    /// A step as the store keeps it: its links normalized, a selfie's capture checked.
    private func checked(_ stage: InquiryStage, inquiryId: String) throws(InquiryError) -> InquiryStage {
        let normalized: InquiryStage
        do {
            normalized = try stage.normalizingLinks()
        } catch {
            throw .invalidLink(url: error.url)
        }
        try selfieCheck.check(normalized, inquiryId: inquiryId)
        return normalized
    }

    /// How long the store waits before it reads a step that is being checked again.
    static let waitMilliseconds: Int64 = 1000

    // MARK: Failures

    private func fail(_ error: InquiryError, requestID: UInt64, _ state: inout State) -> [Effect] {
        let request = state.pendingFolio
        state.pendingFolio = nil
        state.loading = false
        guard state.hasFirstStep else {
            var effects = failBeforeFirstStep(error, &state)
            if case .resume(.sameDevice)? = state.entry, error.forgetsSavedInquiry, let access = state.access {
                effects.append(.forgetInquiry(inquiryId: access.inquiryId))
            }
            return effects
        }
        let rereading = state.readingAsObserver
        state.readingAsObserver = false
        if error == .notController, let request, !request.keepsControllerRejection, !rereading {
            // Another device controls the inquiry: show the observer screen instead of the error. Once: a read
            // that is refused the same way shows the error.
            state.observing = true
            state.readingAsObserver = true
            return callFolio(.read(locale: state.locale), &state)
        }
        if error.forgetsSavedInquiry {
            state.error = error
            state.failure = .accessEnded(error)
            state.lifecycle = .failed(error: error)
            return []
        }
        state.error = error
        state.retry = error.isRetryableKind ? request.map(RetryTarget.folio) : nil
        state.retryRequestID = state.retry == nil ? nil : requestID
        return []
    }

    /// Open failed before its first step: the failure notice, its error and lifecycle Failed.
    func failBeforeFirstStep(_ error: InquiryError, _ state: inout State) -> [Effect] {
        state.pendingFolio = nil
        state.loading = false
        state.error = error
        state.failure = .openFailed(error, entryIsResume: state.entry?.isResume ?? false)
        state.lifecycle = .failed(error: error)
        return []
    }
}
