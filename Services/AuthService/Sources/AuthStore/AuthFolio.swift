import FolioClient
import StoreKit

/// Folio's authentication ceremony as AuthStore's effects see it; each call takes the effect's idempotency key.
struct AuthFolio: Sendable {
    var start: @Sendable (FolioCeremonyStart, _ key: String) async throws -> FolioCeremony
    var answer:
        @Sendable (_ ceremonyID: String, FolioCeremonyAnswer, _ second: FolioCeremonyAnswer?, _ key: String)
            async throws
            -> FolioCeremony
    var selectAlternative:
        @Sendable (_ ceremonyID: String, FolioAuthMethod, _ key: String) async throws -> FolioCeremony
    var resendOtp: @Sendable (_ ceremonyID: String, _ key: String) async throws -> FolioCeremony
    var completeDeviceLink:
        @Sendable (_ ceremonyID: String, _ challengeID: String, _ transferAck: String, _ key: String) async throws
            -> FolioCeremony
    var cancel: @Sendable (_ ceremonyID: String, _ key: String) async throws -> FolioCeremony
}

extension AuthFolio {
    static func live(_ folio: FolioClient) -> Self {
        Self(
            start: { start, key in try await folio.startCeremony(start, idempotencyKey: key) },
            answer: { id, answer, second, key in
                try await folio.answer(ceremonyId: id, answer, secondAnswer: second, idempotencyKey: key)
            },
            selectAlternative: { id, method, key in
                try await folio.selectAlternative(ceremonyId: id, method, idempotencyKey: key)
            },
            resendOtp: { id, key in try await folio.resendOtp(ceremonyId: id, idempotencyKey: key) },
            completeDeviceLink: { id, challengeID, transferAck, key in
                try await folio.completeDeviceLink(
                    ceremonyId: id, challengeId: challengeID, transferAck: transferAck, idempotencyKey: key)
            },
            cancel: { id, key in try await folio.cancelCeremony(ceremonyId: id, idempotencyKey: key) })
    }

    static let unimplemented = Self(
        start: { _, _ in throw UnimplementedDependency("AuthFolio.start") },
        answer: { _, _, _, _ in throw UnimplementedDependency("AuthFolio.answer") },
        selectAlternative: { _, _, _ in throw UnimplementedDependency("AuthFolio.selectAlternative") },
        resendOtp: { _, _ in throw UnimplementedDependency("AuthFolio.resendOtp") },
        completeDeviceLink: { _, _, _, _ in throw UnimplementedDependency("AuthFolio.completeDeviceLink") },
        cancel: { _, _ in throw UnimplementedDependency("AuthFolio.cancel") })
}
