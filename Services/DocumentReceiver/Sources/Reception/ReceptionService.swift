import Bus
import FolioAPI
import FolioClient
import FolioModel
import Foundation
import ServiceKit
import WireModel

/// The reception of one process, wired to the bus, PostgreSQL and Folio: the worker, the triggers it follows
/// (in the `documents` queue group, so each reaches one process) and the sweep of unfinished deliveries.
public struct ReceptionService: Sendable {
    public let worker: ReceptionWorker
    let journal: DeliveryJournal
    let delivery: DocumentDelivery
    let context: ServiceContext
    let settings: DocumentReceiverSettings

    /// The subject of the process that owns `accountID`'s reception.
    static func ownerSubject(_ accountID: String) -> String { "folio.documents.reception.\(accountID)" }

    static let receive = RPCMethodSpec(
        "documentsinternal.receive",
        summary: "Internal (bus only): runs a reception pass for an account on the process that owns it.",
        params: [
            RPCParam(
                "kind", .string, summary: "Why: SESSION_STARTED, VAULT_SYNCED, INQUIRY_OFFER, REFRESH, RETRY, TIMER."),
            RPCParam("accountId", .string, summary: "The account (or guest) whose documents are looked for."),
            RPCParam("runtimeId", .string, summary: "The runtime whose session the pass acts through."),
            RPCParam("issuanceId", .string, required: false, summary: "INQUIRY_OFFER: the issuance offered."),
        ],
        result: RPCResultDescriptor("accepted", .object(["accepted": .boolean], required: ["accepted"])))

    public static func live(_ context: ServiceContext, vault: DocumentVault, settings: DocumentReceiverSettings)
        -> ReceptionService
    {
        let journal = DeliveryJournal(
            pool: context.database, owner: context.workerID, leaseSeconds: settings.deliveryLeaseSeconds)
        let delivery = DocumentDelivery(journal: journal) { runtimeID, accountID, inviteID in
            try await vault.receive(runtimeID: runtimeID, accountID: accountID, inviteID: inviteID)
        }
        let transport = context.transport
        let bus = BusClient(transport: transport, timeout: .seconds(5))
        let logger = context.logger
        let folio = context.folio
        let database = context.database
        let worker = ReceptionWorker(
            .init(
                holder: { runtimeID in
                    guard let facts = try await RuntimeFacts.read(runtimeID: runtimeID, database: database) else {
                        return nil
                    }
                    return holder(facts, folio: folio)
                },
                deliver: { invite, issuance, account, runtime, folio in
                    try await delivery.deliver(
                        inviteID: invite, issuanceID: issuance, accountID: account, runtimeID: runtime, folio: folio)
                },
                abandoned: { account in try await journal.abandonedDeliveries(accountID: account, limit: 20) },
                timing: settings.timing,
                publish: { change in
                    do {
                        try await transport.publish(change)
                    } catch {
                        logger.warning("reception progress not published", ["error": String(describing: error)])
                    }
                },
                forward: { trigger in
                    do {
                        _ = try await bus.call(ownerSubject(trigger.accountID), receive.name, trigger.json)
                        return true
                    } catch {
                        return false
                    }
                },
                own: { accountID, handler in
                    let method = receive.handled { call in
                        await handler(try ReceptionTrigger(json: .object(call.params)))
                        return ["accepted": true]
                    }
                    return try? await transport.serve(
                        RPCRouter([method]), subject: ownerSubject(accountID), queueGroup: "reception")
                },
                warn: { message, details in logger.warning("documents: \(message)", details) }))
        return ReceptionService(
            worker: worker, journal: journal, delivery: delivery, context: context, settings: settings)
    }

    /// The holder a session acts as at Folio: a signed-in account through its Folio session, a guest through
    /// guest access; nil for a session that reaches no vault (expired, or signed in without a Folio session).
    static func holder(_ facts: RuntimeFacts, folio: FolioClient) -> ReceptionWorker.Holder? {
        switch facts.session.identity {
        case .authenticated(let userId, _):
            guard facts.session.status == .active, let session = facts.session.folioSessionID else { return nil }
            return .init(accountID: userId, folio: .live(folio.vault(sessionId: session)))
        case .transient(let accountId):
            return .init(
                accountID: accountId,
                folio: .live(folio.vault(organizationId: facts.organizationID, guestId: accountId)))
        }
    }

    /// Follows the triggers of the bus: session changes, successful vault syncs and issuances offered by inquiries.
    public func followTriggers() async throws -> [any BusSubscription] {
        let logger = context.logger
        return try await Self.followTriggers(on: context.transport, worker: worker) { message, details in
            logger.warning(message, details)
        }
    }

    /// The triggers of the bus on `transport`, each in the queue group `queueGroup` (`documents`: each reaches one
    /// process), handed to `worker`: every announced session change whose status is not EXPIRED, each successful
    /// vault sync of a runtime, each issuance an inquiry offers.
    public static func followTriggers(
        on transport: any BusTransport, queueGroup: String = DocumentReceiver.name, worker: ReceptionWorker,
        warn: @escaping @Sendable (_ message: String, _ details: [String: String]) -> Void
    ) async throws -> [any BusSubscription] {
        let malformed: @Sendable (WireDecodingError) -> Void = { error in
            warn("documents: a malformed trigger was dropped", ["error": String(describing: error)])
        }
        return [
            try await transport.subscribe(
                SessionChanged.self, queueGroup: queueGroup, delivery: .concurrent, malformed: malformed
            ) { change in
                guard change.status != .expired else { return }
                await worker.trigger(
                    ReceptionTrigger(.sessionStarted, accountID: change.identity.accountID, runtimeID: change.runtimeID)
                )
            },
            try await transport.subscribe(
                VaultSynced.self, queueGroup: queueGroup, delivery: .concurrent, malformed: malformed
            ) { synced in
                guard let runtimeID = synced.runtimeID else { return }
                await worker.trigger(ReceptionTrigger(.vaultSynced, accountID: synced.accountID, runtimeID: runtimeID))
            },
            try await transport.subscribe(
                IssuanceOffered.self, queueGroup: queueGroup, delivery: .concurrent, malformed: malformed
            ) { offer in
                await worker.trigger(
                    ReceptionTrigger(
                        .inquiryOffer, accountID: offer.accountID, runtimeID: offer.runtimeID,
                        issuanceID: offer.issuanceID))
            },
        ]
    }

    /// Finishes, every half lease, the deliveries a stopped process left unfinished.
    public func sweepUnfinished() async {
        let interval = max(0.5, settings.deliveryLeaseSeconds / 2)
        while !Task.isCancelled {
            await sweepOnce()
            try? await Task.sleep(for: .milliseconds(Int(interval * 1000)))
        }
    }

    /// One sweep: each unfinished delivery whose lease ran out is taken over and finished.
    public func sweepOnce() async {
        let unfinished: [DeliveryJournal.Unfinished]
        do {
            unfinished = try await journal.unfinished(limit: 20)
        } catch {
            context.logger.warning("documents: the delivery journal cannot be read", ["error": "\(error)"])
            return
        }
        for delivery in unfinished {
            do {
                guard
                    let facts = try await RuntimeFacts.read(runtimeID: delivery.runtimeID, database: context.database),
                    let holder = Self.holder(facts, folio: context.folio), holder.accountID == delivery.accountID
                else {
                    try await journal.abandonUnattended(accountID: delivery.accountID, inviteID: delivery.inviteID)
                    continue
                }
                let result = try await self.delivery.deliver(
                    inviteID: delivery.inviteID, issuanceID: delivery.issuanceID, accountID: delivery.accountID,
                    runtimeID: delivery.runtimeID, folio: holder.folio)
                context.logger.info(
                    "documents: an unfinished delivery was taken over",
                    ["inviteId": delivery.inviteID, "result": String(describing: result)])
            } catch {
                context.logger.warning(
                    "documents: an unfinished delivery failed again",
                    ["inviteId": delivery.inviteID, "error": "\(error)"])
            }
        }
    }
}
