import Bus
import FolioAPI
import FolioModel
import Lifecycle
import ServiceKit
import StoreKit

extension InquiryStore {
    /// InquiryStore's outside world.
    public struct Dependencies: Sendable {
        public var folio: InquiryFolio
        public var memory: InquiryMemory
        /// The runtime's facts; nil once it shut down.
        public var facts: @Sendable (_ runtimeID: String) async throws -> RuntimeFacts?
        /// Saves the choice as the runtime's SDK language; false when it cannot be saved.
        public var saveLocale: @Sendable (_ runtimeID: String, _ locale: String) async -> Bool
        /// Saves the verified identity of a passed government id attempt in the vault of the runtime's session.
        public var saveIdentity:
            @Sendable (
                _ request: IdentitySaveRequest, _ inquiry: SavedInquiry, _ runtimeID: String, _ device: InquiryDevice
            ) async throws(InquiryError) -> VerifiedIdentity
        /// Publishes IssuanceOffered on the bus (at most once: a publish that fails is logged, not retried).
        public var announceIssuance: @Sendable (IssuanceOffered) async -> Void
        /// Waits (the pause before a step is read again).
        public var sleep: @Sendable (Duration) async -> Void
        /// Where a selfie's liveness service may be (FOLIO_SELFIE_PROXY_URL).
        public var selfieProxyURL: String

        public init(
            folio: InquiryFolio, memory: InquiryMemory,
            facts: @escaping @Sendable (String) async throws -> RuntimeFacts?,
            saveLocale: @escaping @Sendable (String, String) async -> Bool,
            saveIdentity:
                @escaping @Sendable (IdentitySaveRequest, SavedInquiry, String, InquiryDevice)
                async throws(InquiryError)
                -> VerifiedIdentity,
            announceIssuance: @escaping @Sendable (IssuanceOffered) async -> Void,
            sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) },
            selfieProxyURL: String = InquiryReducer.defaultSelfieProxyURL
        ) {
            self.folio = folio
            self.memory = memory
            self.facts = facts
            self.saveLocale = saveLocale
            self.saveIdentity = saveIdentity
            self.announceIssuance = announceIssuance
            self.sleep = sleep
            self.selfieProxyURL = selfieProxyURL
        }
    }
}

extension InquiryStore.Dependencies {
    /// Every dependency fails the test that calls it; a test sets the ones it expects.
    public static let unimplemented = Self(
        folio: .unimplemented, memory: .unimplemented,
        facts: { _ in throw UnimplementedDependency("InquiryStore.facts") },
        saveLocale: { _, _ in
            _ = UnimplementedDependency("InquiryStore.saveLocale")
            return false
        },
        saveIdentity: { _, _, _, _ throws(InquiryError) in throw .unimplemented("InquiryStore.saveIdentity") },
        announceIssuance: { _ in _ = UnimplementedDependency("InquiryStore.announceIssuance") },
        sleep: { _ in _ = UnimplementedDependency("InquiryStore.sleep") })
}

/// The device's memory of its inquiries as InquiryStore's effects see it (live: ``InquiryDeviceMemory``).
public struct InquiryMemory: Sendable {
    public var inquiryForLaunchCode: @Sendable (_ code: String, _ deviceID: String) async throws -> SavedInquiry?
    public var inquiry: @Sendable (_ inquiryID: String?, _ deviceID: String) async throws -> SavedInquiry?
    public var remember:
        @Sendable (_ saved: SavedInquiry, _ launchCode: String?, _ deviceID: String, _ organizationID: String)
            async throws -> Void
    public var forget: @Sendable (_ inquiryID: String, _ deviceID: String) async throws -> Void

    public static func live(_ memory: InquiryDeviceMemory) -> Self {
        Self(
            inquiryForLaunchCode: { code, device in try await memory.inquiry(forLaunchCode: code, deviceID: device) },
            inquiry: { id, device in try await memory.inquiry(id, deviceID: device) },
            remember: { saved, code, device, organization in
                try await memory.remember(saved, launchCode: code, deviceID: device, organizationID: organization)
            },
            forget: { id, device in try await memory.forget(id, deviceID: device) })
    }

    public static let unimplemented = Self(
        inquiryForLaunchCode: { _, _ in throw UnimplementedDependency("InquiryMemory.inquiryForLaunchCode") },
        inquiry: { _, _ in throw UnimplementedDependency("InquiryMemory.inquiry") },
        remember: { _, _, _, _ in throw UnimplementedDependency("InquiryMemory.remember") },
        forget: { _, _ in throw UnimplementedDependency("InquiryMemory.forget") })
}

extension InquiryStore {
    /// Publishes IssuanceOffered through `transport`; a failed publish is logged (NATS core delivers at most once
    /// anyway, and the DocumentReceiver still finds the document at its next pass).
    public static func announcing(transport: any BusTransport, logger: Logger)
        -> @Sendable (IssuanceOffered) async -> Void
    {
        { event in
            do throws(BusError) {
                try await transport.publish(event)
            } catch {
                logger.warning(
                    "issuance offer not announced",
                    ["issuanceId": event.issuanceID, "runtimeId": event.runtimeID, "error": error.description])
            }
        }
    }

    /// Saves the SDK language through the AuthService's `runtime.setLocale`.
    public static func savingLocale(bus: BusClient) -> @Sendable (String, String) async -> Bool {
        { runtimeID, locale in
            do {
                _ = try await bus.call(
                    BusSubjects.rpc("auth"), RuntimeMethods.setLocale.name,
                    ["runtimeId": .string(runtimeID), "locale": .string(locale)])
                return true
            } catch {
                return false
            }
        }
    }
}
