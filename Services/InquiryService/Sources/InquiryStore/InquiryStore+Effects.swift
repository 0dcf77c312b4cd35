import FolioAPI
import ServiceKit
import StoreKit

extension InquiryStore {
    public static func run(
        _ effect: InquiryReducer.Effect, in store: StoreContext<InquiryDevice>, _ dependencies: Dependencies
    ) async -> [InquiryReducer.Event] {
        let facts = store.local
        let folio = dependencies.folio
        let memory = dependencies.memory
        switch effect {
        case .recallLaunchCode(let requestID, let code):
            guard
                case .some(let saved) = await Backoff.database.retry({
                    try await memory.inquiryForLaunchCode(code, facts.deviceID)
                }),
                // The session now, not when the store started: a sign-in before the launch counts.
                case .some(let session) = await Backoff.database.retry({
                    try await dependencies.facts(store.runtimeID)?.session
                })
            else { return [.folioFailed(requestID: requestID, .memoryUnavailable)] }
            return [.launchCodeRecalled(requestID: requestID, saved, holder: session.flatMap(InquiryHolder.init))]
        case .recallSavedInquiry(let requestID, let inquiryID):
            guard
                case .some(let saved) = await Backoff.database.retry({
                    try await memory.inquiry(inquiryID, facts.deviceID)
                })
            else { return [.folioFailed(requestID: requestID, .memoryUnavailable)] }
            return [.savedInquiryRecalled(requestID: requestID, saved)]
        case .exchangeLaunchCode(let requestID, let code, let holder):
            do {
                // Keyed by the store and the code, not the request: when Folio launched the inquiry and the answer
                // was lost, the exchange sent again (Retry, or Open of the same code) gets that launch back
                // instead of a refusal of the code it used.
                let access = try await folio.exchangeLaunchCode(
                    code, facts.organizationID, facts.deviceID, holder, Self.exchangeKey(store.id, code: code))
                guard let attestation = access.attestation else {
                    throw InquiryError.windowAttestationInvalid(reason: "the exchange returned no attestation")
                }
                try await folio.verifyAttestation(
                    attestation, access.saved.inquiryId, facts.organizationID, facts.deviceID)
                return [.accessGranted(requestID: requestID, access.saved)]
            } catch {
                return [.folioFailed(requestID: requestID, InquiryError(caught: error))]
            }
        case .redeemHandoff(let requestID, let code):
            do {
                let access = try await folio.redeemHandoff(
                    code, facts.organizationID, facts.deviceID, store.idempotencyKey(requestID))
                return [.accessGranted(requestID: requestID, access.saved)]
            } catch {
                return [.folioFailed(requestID: requestID, InquiryError(caught: error))]
            }
        case .rememberInquiry(let requestID, let saved, let launchCode):
            let remembered = await Backoff.database.retry {
                try await memory.remember(saved, launchCode, facts.deviceID, facts.organizationID)
            }
            return remembered == nil
                ? [.inquiryNotRemembered(requestID: requestID)] : [.inquiryRemembered(requestID: requestID)]
        case .forgetInquiry(let inquiryID):
            let forgotten = await Backoff.database.retry { try await memory.forget(inquiryID, facts.deviceID) }
            return forgotten == nil ? [.inquiryNotForgotten(inquiryId: inquiryID)] : []
        case .callFolio(let requestID, let inquiry, let request):
            do {
                let answer = try await folio.send(request, inquiry, facts.deviceID, store.idempotencyKey(requestID))
                return [.folioAnswered(requestID: requestID, answer)]
            } catch {
                return [.folioFailed(requestID: requestID, InquiryError(caught: error))]
            }
        case .saveIdentity(let requestID, let inquiry, let request):
            do {
                let identity = try await dependencies.saveIdentity(request, inquiry, store.runtimeID, facts)
                return [.identitySaved(requestID: requestID, identity)]
            } catch {
                return [.identityNotSaved(requestID: requestID, InquiryError(caught: error))]
            }
        case .wait(let requestID, let milliseconds):
            await dependencies.sleep(.milliseconds(milliseconds))
            return [.waitEnded(requestID: requestID)]
        case .saveLocale(let requestID, let locale):
            return await dependencies.saveLocale(store.runtimeID, locale)
                ? [.localeSaved(requestID: requestID, locale: locale)]
                : [.localeNotSaved(requestID: requestID, locale: locale)]
        case .announceIssuance(let accountId, let issuanceId, let inquiryId):
            await dependencies.announceIssuance(
                IssuanceOffered(
                    runtimeID: store.runtimeID, accountID: accountId, issuanceID: issuanceId, inquiryID: inquiryId))
            return []
        }
    }
}

extension InquiryError {
    /// The device memory in PostgreSQL did not answer after every retry: shown as a retryable error.
    static let memoryUnavailable = InquiryError.network(message: "the device memory is unavailable")
}
