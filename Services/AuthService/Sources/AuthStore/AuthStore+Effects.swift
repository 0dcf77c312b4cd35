import FolioClient
import StoreKit

extension AuthStore {
    static func run(_ effect: AuthReducer.Effect, in store: StoreContext<Void>, _ dependencies: Dependencies) async
        -> [AuthReducer.Event]
    {
        let folio = dependencies.folio
        switch effect {
        case .startCeremony(let requestID, let start):
            return await ceremony(requestID) { try await folio.start(start, store.idempotencyKey(requestID)) }
        case .answer(let requestID, let ceremonyID, let answer, let second):
            return await ceremony(requestID) {
                try await folio.answer(ceremonyID, answer, second, store.idempotencyKey(requestID))
            }
        case .selectAlternative(let requestID, let ceremonyID, let method):
            return await ceremony(requestID) {
                try await folio.selectAlternative(ceremonyID, method, store.idempotencyKey(requestID))
            }
        case .resendOtp(let requestID, let ceremonyID):
            return await ceremony(requestID) { try await folio.resendOtp(ceremonyID, store.idempotencyKey(requestID)) }
        case .completeDeviceLink(let requestID, let ceremonyID, let challengeID, let transferAck):
            return await ceremony(requestID) {
                try await folio.completeDeviceLink(
                    ceremonyID, challengeID, transferAck, store.idempotencyKey(requestID))
            }
        case .cancelCeremony(let requestID, let ceremonyID):
            _ = try? await folio.cancel(ceremonyID, store.idempotencyKey(requestID))
            return []
        case .deriveProof(let requestID, let request):
            guard let secret = request.secret.value else {
                return [.secretLost(requestID: requestID, kind: request.kind)]
            }
            do {
                return [
                    .proofDerived(
                        requestID: requestID,
                        try await dependencies.deriveProof(request.kind, secret, request.derivation))
                ]
            } catch {
                return [.proofFailed(requestID: requestID, message: String(describing: error))]
            }
        case .switchSession(let requestID, let completion):
            let switched = await dependencies.switchSession(completion, store.runtimeID)
            return [switched ? .sessionSwitched(requestID: requestID) : .sessionSwitchFailed(requestID: requestID)]
        }
    }

    private static func ceremony(
        _ requestID: UInt64, _ call: () async throws -> FolioCeremony
    ) async -> [AuthReducer.Event] {
        do {
            return [.folioAnswered(requestID: requestID, try await call())]
        } catch let error as FolioAuthError {
            return [.folioFailed(requestID: requestID, AuthFolioFailure(error))]
        } catch {
            return [.folioFailed(requestID: requestID, .unclassified(message: String(describing: error)))]
        }
    }
}
