import Bus
import FolioAPI
import Foundation

/// The reception of one DocumentReceiver process (docs/documents.md, "Reception across processes"). A trigger
/// for an account goes to the process that owns the account, if one does, else it runs here. A process owns an
/// account while it waits for something on its way to it: it answers on the account's subject and holds the
/// account's one timer. An account with nothing on its way costs nothing: no timer, no subscription, no memory.
public actor ReceptionWorker {
    /// The holder a pass acts for: the account of the runtime's session, and Folio as that holder.
    public struct Holder: Sendable {
        public var accountID: String
        public var folio: ReceptionFolio

        public init(accountID: String, folio: ReceptionFolio) {
            self.accountID = accountID
            self.folio = folio
        }
    }

    public struct Dependencies: Sendable {
        /// The holder of the runtime's session; nil when it cannot reach Folio (shut down, expired session).
        public var holder: @Sendable (_ runtimeID: String) async throws -> Holder?
        /// Delivers one invite (`DocumentDelivery.deliver`).
        public var deliver: ReceptionPass.Deliver
        /// The account's abandoned deliveries, which its passes take up again.
        public var abandoned: ReceptionPass.Abandoned
        public var timing: ReceptionTiming
        public var publish: @Sendable (DocumentReceptionChanged) async -> Void
        /// Hands the trigger to the process that owns the account; false when none does.
        public var forward: @Sendable (ReceptionTrigger) async -> Bool
        /// Answers the account's subject with `handler` while this process owns the account.
        public var own:
            @Sendable (_ accountID: String, _ handler: @escaping @Sendable (ReceptionTrigger) async -> Void) async
                -> (any BusSubscription)?
        public var now: @Sendable () -> Date
        public var warn: @Sendable (_ message: String, _ details: [String: String]) -> Void

        public init(
            holder: @escaping @Sendable (String) async throws -> Holder?, deliver: @escaping ReceptionPass.Deliver,
            abandoned: @escaping ReceptionPass.Abandoned = { _ in [] }, timing: ReceptionTiming,
            publish: @escaping @Sendable (DocumentReceptionChanged) async -> Void,
            forward: @escaping @Sendable (ReceptionTrigger) async -> Bool,
            own:
                @escaping @Sendable (String, @escaping @Sendable (ReceptionTrigger) async -> Void) async -> (
                    any BusSubscription
                )?,
            now: @escaping @Sendable () -> Date = { Date() },
            warn: @escaping @Sendable (String, [String: String]) -> Void
        ) {
            self.holder = holder
            self.deliver = deliver
            self.abandoned = abandoned
            self.timing = timing
            self.publish = publish
            self.forward = forward
            self.own = own
            self.now = now
            self.warn = warn
        }
    }

    private struct Account {
        /// The runtime whose session the passes act through: the last one that asked.
        var runtimeID: String
        var watched: [String: WatchedIssuance] = [:]
        var queued: [ReceptionTrigger] = []
        var running = false
        var timer: Task<Void, Never>?
        var ownership: (any BusSubscription)?
        var subscribing = false
    }

    private let dependencies: Dependencies
    private var accounts: [String: Account] = [:]
    /// Folio requests made by this process's passes (the bench reads it through the logs).
    public private(set) var folioRequests = 0

    public init(_ dependencies: Dependencies) {
        self.dependencies = dependencies
    }

    /// The issuances this process waits for, by account (for tests and the health of the service).
    public func watching() -> [String: [WatchedIssuance]] {
        accounts.compactMapValues { $0.watched.isEmpty ? nil : Array($0.watched.values) }
    }

    /// A pass is wanted: by the owner of the account if there is one, else here.
    public func trigger(_ trigger: ReceptionTrigger) async {
        if accounts[trigger.accountID] == nil, await dependencies.forward(trigger) { return }
        await accept(trigger)
    }

    /// A status request: what this process awaits for the account is shown as on its way; nothing else happens.
    private func tellStatus(_ accountID: String) async {
        guard accounts[accountID]?.watched.isEmpty == false else { return }
        await dependencies.publish(
            DocumentReceptionChanged(accountID: accountID, stage: .ended, trigger: .automatic, outcome: .onItsWay))
    }

    /// Takes a trigger to run here (this process owns the account, or nobody does). Refresh, Retry and an offer
    /// are shown as started before their pass can end.
    public func accept(_ trigger: ReceptionTrigger) async {
        if trigger.kind == .status {
            await tellStatus(trigger.accountID)
            return
        }
        if trigger.shown != .automatic {
            await dependencies.publish(
                DocumentReceptionChanged(
                    accountID: trigger.accountID, stage: .started, trigger: trigger.shown, runtimeID: trigger.runtimeID)
            )
        }
        var account = accounts[trigger.accountID] ?? Account(runtimeID: trigger.runtimeID)
        if trigger.kind != .timer { account.runtimeID = trigger.runtimeID }
        if trigger.kind == .inquiryOffer, let issuance = trigger.issuanceID, account.watched[issuance] == nil {
            account.watched[issuance] = WatchedIssuance(
                id: issuance, originRuntimeID: trigger.runtimeID, now: dependencies.now())
        }
        account.queued.append(trigger)
        let start = !account.running
        account.running = true
        accounts[trigger.accountID] = account
        if start {
            Task { await self.drain(trigger.accountID) }
        }
    }

    /// Runs passes until no trigger waits: one pass answers every trigger queued before it started.
    private func drain(_ accountID: String) async {
        while var account = accounts[accountID], !account.queued.isEmpty {
            let triggers = account.queued
            account.queued = []
            accounts[accountID] = account
            let shown = triggers.max { $0.rank < $1.rank } ?? triggers[0]
            let timerOnly = triggers.allSatisfy { $0.kind == .timer }
            let report = await pass(accountID, runtimeID: account.runtimeID, timer: timerOnly)
            if let report {
                await dependencies.publish(
                    DocumentReceptionChanged(
                        accountID: accountID, stage: .ended, trigger: shown.shown,
                        runtimeID: shown.shown == .automatic ? nil : shown.runtimeID, outcome: report.outcome,
                        received: report.received, notIssued: report.notIssued))
            } else if shown.shown != .automatic {
                // No session to ask through: the runtime that asked sees Idle rather than Receiving forever.
                await dependencies.publish(
                    DocumentReceptionChanged(
                        accountID: accountID, stage: .ended, trigger: shown.shown, runtimeID: shown.runtimeID,
                        outcome: .nothingPending))
            }
        }
        await settle(accountID)
    }

    /// One pass with the account's watched issuances; nil when the runtime's session no longer holds the account.
    private func pass(_ accountID: String, runtimeID: String, timer: Bool) async -> ReceptionPass.Report? {
        let holder: Holder?
        do {
            holder = try await dependencies.holder(runtimeID)
        } catch {
            dependencies.warn("the runtime's session could not be read", ["runtimeId": runtimeID, "error": "\(error)"])
            return ReceptionPass.Report(outcome: .failed, received: [], notIssued: [], folioRequests: 0)
        }
        guard let holder, holder.accountID == accountID else {
            // Spec "Limitations": the reception waits for the current identity's documents only.
            accounts[accountID]?.watched = [:]
            return nil
        }
        var watched = accounts[accountID]?.watched ?? [:]
        let before = Set(watched.keys)
        let pass = ReceptionPass(
            folio: holder.folio, deliver: dependencies.deliver, abandoned: dependencies.abandoned,
            timing: dependencies.timing, warn: dependencies.warn)
        let report = await pass.run(
            accountID: accountID, runtimeID: runtimeID, watched: &watched, timer: timer, clock: dependencies.now)
        folioRequests += report.folioRequests
        // Offers that arrived during the pass were added to the account's issuances meanwhile: keep them. One the
        // pass began with and ended (delivered, not issued) stays ended, or a later pass would announce it again.
        let added = (accounts[accountID]?.watched ?? [:]).filter { !before.contains($0.key) }
        accounts[accountID]?.watched = watched.merging(added) { kept, _ in kept }
        return report
    }

    /// After the passes: an account with something on its way keeps its owner subscription and one timer; one
    /// with nothing leaves no trace. Runs right after the last pass, before anything else reaches the actor.
    private func settle(_ accountID: String) async {
        guard var account = accounts[accountID] else { return }
        account.running = false
        account.timer?.cancel()
        account.timer = nil
        if account.watched.isEmpty {
            accounts[accountID] = nil
            await account.ownership?.cancel()
            return
        }
        let due = account.watched.values.map(\.nextPassAt).min() ?? dependencies.now()
        let wait = max(0.05, due.timeIntervalSince(dependencies.now()))
        let runtimeID = account.runtimeID
        account.timer = Task { [weak self] in
            // Rounded up: a timer that wakes before its look is due would make a pass that reads nothing.
            try? await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up)) + 5))
            guard !Task.isCancelled else { return }
            await self?.accept(ReceptionTrigger(.timer, accountID: accountID, runtimeID: runtimeID))
        }
        let subscribe = account.ownership == nil && !account.subscribing
        account.subscribing = account.subscribing || subscribe
        accounts[accountID] = account
        guard subscribe else { return }
        let subscription = await dependencies.own(accountID) { [weak self] trigger in
            await self?.accept(trigger)
        }
        if accounts[accountID] != nil {
            accounts[accountID]?.ownership = subscription
            accounts[accountID]?.subscribing = false
        } else {
            // Nothing is on its way any more: the account was given up while the subscription was made.
            await subscription?.cancel()
        }
    }

    /// Stops every timer and gives up every account (the process stops).
    public func stop() async {
        for account in accounts.values {
            account.timer?.cancel()
            await account.ownership?.cancel()
        }
        accounts = [:]
    }
}
