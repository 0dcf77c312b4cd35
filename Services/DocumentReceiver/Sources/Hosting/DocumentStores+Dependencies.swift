import Bus
import FolioAPI
import Foundation
import ServiceKit
import StoreKit

/// The outside world of both document stores.
public struct DocumentStoreDependencies: Sendable {
    /// The runtime's facts (session, locale); nil once it shut down.
    public var facts: @Sendable (_ runtimeID: String) async throws -> RuntimeFacts?
    /// The `digital` records of the vault of the runtime's session (only `id` when given).
    public var documents: @Sendable (_ runtimeID: String, _ id: String?) async throws -> VaultDocuments
    /// Asks for a reception pass.
    public var requestPass: @Sendable (ReceptionTrigger) async -> Void
    /// Follows the events of an account for a store.
    public var subscribeVault:
        @Sendable (_ accountID: String, _ notice: @escaping @Sendable (VaultChanged) async -> Void) async -> (
            any BusSubscription
        )?
    public var subscribeReception:
        @Sendable (_ accountID: String, _ notice: @escaping @Sendable (DocumentReceptionChanged) async -> Void) async
            -> (any BusSubscription)?
    public var now: @Sendable () -> Date
    public var warn: @Sendable (_ message: String, _ details: [String: String]) -> Void

    public init(
        facts: @escaping @Sendable (String) async throws -> RuntimeFacts?,
        documents: @escaping @Sendable (String, String?) async throws -> VaultDocuments,
        requestPass: @escaping @Sendable (ReceptionTrigger) async -> Void,
        subscribeVault:
            @escaping @Sendable (String, @escaping @Sendable (VaultChanged) async -> Void) async -> (
                any BusSubscription
            )?,
        subscribeReception:
            @escaping @Sendable (String, @escaping @Sendable (DocumentReceptionChanged) async -> Void) async -> (
                any BusSubscription
            )?,
        now: @escaping @Sendable () -> Date = { Date() },
        warn: @escaping @Sendable (String, [String: String]) -> Void
    ) {
        self.facts = facts
        self.documents = documents
        self.requestPass = requestPass
        self.subscribeVault = subscribeVault
        self.subscribeReception = subscribeReception
        self.now = now
        self.warn = warn
    }

    public static func live(_ context: ServiceContext, vault: DocumentVault, reception: ReceptionWorker) -> Self {
        let database = context.database
        let transport = context.transport
        let logger = context.logger
        return Self(
            facts: { runtimeID in try await RuntimeFacts.read(runtimeID: runtimeID, database: database) },
            documents: { runtimeID, id in try await vault.documents(runtimeID: runtimeID, id: id) },
            requestPass: { trigger in await reception.trigger(trigger) },
            subscribeVault: { accountID, notice in
                try? await transport.subscribe(VaultChanged.self, key: accountID, delivery: .serial, notice)
            },
            subscribeReception: { accountID, notice in
                try? await transport.subscribe(DocumentReceptionChanged.self, key: accountID, delivery: .serial, notice)
            },
            warn: { message, details in logger.warning(message, details) })
    }

    /// Every dependency fails the test that calls it.
    public static let unimplemented = Self(
        facts: { _ in throw UnimplementedDependency("DocumentStores.facts") },
        documents: { _, _ in throw UnimplementedDependency("DocumentStores.documents") },
        requestPass: { _ in _ = UnimplementedDependency("DocumentStores.requestPass") },
        subscribeVault: { _, _ in
            _ = UnimplementedDependency("DocumentStores.subscribeVault")
            return nil
        },
        subscribeReception: { _, _ in
            _ = UnimplementedDependency("DocumentStores.subscribeReception")
            return nil
        },
        warn: { _, _ in _ = UnimplementedDependency("DocumentStores.warn") })

    /// Reads and projects the documents of the runtime's vault; nil when the runtime shut down.
    func read(_ runtimeID: String, id: String? = nil) async throws -> DocumentReading.Projected? {
        guard let facts = try await facts(runtimeID) else { return nil }
        let read = try await documents(runtimeID, id)
        return DocumentReading.project(read, locale: DocumentReading.locale(of: facts), now: now())
    }

    /// Logs each record left out, naming the target documents.
    func warnUnreadable(_ unreadable: [VaultDocuments.Unreadable], runtimeID: String) {
        for record in unreadable {
            warn(
                "documents: a record cannot be read and is left out",
                ["target": "documents", "recordId": record.id, "runtimeId": runtimeID, "reason": record.reason])
        }
    }
}
