import FolioAPI
import FolioClient
import FolioWire
import Foundation

/// One reception pass for an account (spec `folio-documents.md`, "Automatic reception"): reads the issuances it
/// waits for (never before their interval), asks Folio about each pending issued invite of the account, accepts
/// only the invites Folio confirms as issued documents of that issuance, signed by its issuer, and delivers them.
/// An ordinary share is never touched: Folio does not list it among the issued invites, and an invite whose
/// issuance does not name it is left pending.
public struct ReceptionPass: Sendable {
    /// What the pass ended with, for the list stores.
    public struct Report: Sendable, Equatable {
        public var outcome: DocumentReceptionChanged.Outcome
        public var received: [DocumentReceptionChanged.Received]
        public var notIssued: [DocumentReceptionChanged.NotIssued]
        /// Folio requests the pass made (for the logs and the bench).
        public var folioRequests: Int
    }

    public typealias Deliver =
        @Sendable (_ inviteID: String, _ issuanceID: String, _ accountID: String, _ runtimeID: String, ReceptionFolio)
        async throws -> DocumentDelivery.Result

    /// The deliveries of an account that an earlier session of the identity abandoned
    /// (`DeliveryJournal.abandonedDeliveries`).
    public typealias Abandoned = @Sendable (_ accountID: String) async throws -> [DeliveryJournal.Unfinished]

    public var folio: ReceptionFolio
    /// `DocumentDelivery.deliver`.
    public var deliver: Deliver
    public var abandoned: Abandoned
    public var timing: ReceptionTiming
    public var warn: @Sendable (_ message: String, _ details: [String: String]) -> Void

    public init(
        folio: ReceptionFolio, deliver: @escaping Deliver, abandoned: @escaping Abandoned = { _ in [] },
        timing: ReceptionTiming, warn: @escaping @Sendable (String, [String: String]) -> Void
    ) {
        self.folio = folio
        self.deliver = deliver
        self.abandoned = abandoned
        self.timing = timing
        self.warn = warn
    }

    /// Runs the pass for `accountID` through the session of `runtimeID`. `timer`: a timer pass, which reads only
    /// the issuances whose next look is due; any other pass reads every issuance its interval allows.
    public func run(
        accountID: String, runtimeID: String, watched: inout [String: WatchedIssuance], timer: Bool, now: Date
    ) async -> Report {
        await run(accountID: accountID, runtimeID: runtimeID, watched: &watched, timer: timer, clock: { now })
    }

    /// Runs the pass with `clock` telling the time as it goes on: the interval of an issuance counts from the time
    /// its request was sent, however long Folio took to answer the requests before it.
    public func run(
        accountID: String, runtimeID: String, watched: inout [String: WatchedIssuance], timer: Bool,
        clock: @Sendable () -> Date
    ) async -> Report {
        let now = clock()
        var failed = false
        var requests = 0
        var received: [DocumentReceptionChanged.Received] = []
        var notIssued: [DocumentReceptionChanged.NotIssued] = []
        /// Issuances read in this pass, by id, and when each request was sent.
        var read: [String: FolioIssuance] = [:]
        var sentAt: [String: Date] = [:]

        for id in watched.keys.sorted() {
            let sent = clock()
            guard var issuance = watched[id], issuance.mayRead(at: sent, timing),
                !timer || issuance.nextPassAt <= now
            else { continue }
            requests += 1
            sentAt[id] = sent
            do {
                let answer = try await folio.issuance(id)
                read[id] = answer
                switch answer.state {
                case .deciding:
                    issuance.stillDeciding(interval: answer.interval, at: sent, timing)
                case .failed where answer.retryable:
                    issuance.stillDeciding(interval: answer.interval, at: sent, timing)
                case .issued:
                    issuance.issued(inviteID: answer.inviteId, interval: answer.interval, at: sent)
                case .declined, .failed:
                    watched[id] = nil
                    if let origin = issuance.originRuntimeID {
                        notIssued.append(.init(runtimeID: origin, declined: answer.state == .declined))
                    }
                    continue
                }
                watched[id] = issuance
            } catch let error as FolioVaultError where error.isSlowDown {
                // Folio's Retry-After counts from its answer.
                issuance.slowedDown(
                    retryAfter: error.underlying.retryAfterSeconds.map(Double.init), at: clock(), timing)
                watched[id] = issuance
            } catch let error as FolioVaultError where error.code == .issuanceNotFound {
                watched[id] = nil
            } catch {
                failed = true
                warn("an issuance could not be read", ["issuanceId": id, "error": String(describing: error)])
            }
        }

        // The invites Folio lists, each confirmed through its issuance; and the issued ones this process waits
        // for, whose invite may be accepted already (by another pass that died, or by the person).
        var deliveries: [(invite: String, issuance: String)] = []
        requests += 1
        do {
            for invite in try await folio.pendingIssuedInvites() {
                guard let issuanceID = invite.issuanceId else { continue }
                var issuance = read[issuanceID]
                if issuance == nil {
                    var known = watched[issuanceID] ?? WatchedIssuance(id: issuanceID, originRuntimeID: nil, now: now)
                    let sent = clock()
                    guard known.mayRead(at: sent, timing) else {
                        known.stillOnItsWay(at: now, timing)
                        watched[issuanceID] = known
                        continue
                    }
                    requests += 1
                    sentAt[issuanceID] = sent
                    do {
                        let answer = try await folio.issuance(issuanceID)
                        read[issuanceID] = answer
                        known.issued(inviteID: answer.inviteId, interval: answer.interval, at: sent)
                        if watched[issuanceID] != nil { watched[issuanceID] = known }
                        issuance = answer
                    } catch let error as FolioVaultError where error.isSlowDown {
                        // Read by a process that forgot it (a restart): looked at again once Folio allows it.
                        known.slowedDown(
                            retryAfter: error.underlying.retryAfterSeconds.map(Double.init), at: clock(), timing)
                        watched[issuanceID] = known
                        continue
                    } catch {
                        failed = true
                        warn(
                            "an issued invite's issuance could not be read",
                            ["inviteId": invite.id, "error": "\(error)"])
                        continue
                    }
                }
                guard let issuance, Self.confirms(issuance, invite) else {
                    warn(
                        "an invite Folio does not confirm as an issued document was left pending",
                        ["inviteId": invite.id])
                    continue
                }
                deliveries.append((invite.id, issuanceID))
            }
        } catch {
            failed = true
            warn(
                "the issued invites could not be listed", ["accountId": accountID, "error": String(describing: error)])
        }
        // The deliveries an earlier session of this identity abandoned (its identity changed, its runtime shut
        // down): taken up again where they stopped, a record already in the vault only confirmed.
        do {
            for delivery in try await abandoned(accountID)
            where !deliveries.contains(where: { $0.invite == delivery.inviteID }) {
                deliveries.append((delivery.inviteID, delivery.issuanceID))
            }
        } catch {
            failed = true
            warn("the abandoned deliveries could not be read", ["accountId": accountID, "error": "\(error)"])
        }
        for issuance in watched.values where issuance.phase == .onItsWay {
            if let invite = issuance.inviteID, !deliveries.contains(where: { $0.invite == invite }) {
                deliveries.append((invite, issuance.id))
            }
        }

        for (invite, issuanceID) in deliveries {
            requests += 1
            do {
                switch try await deliver(invite, issuanceID, accountID, runtimeID, folio) {
                case .delivered(let recordID):
                    if let origin = watched[issuanceID]?.originRuntimeID {
                        received.append(.init(runtimeID: origin, id: recordID))
                    }
                    watched[issuanceID] = nil
                case .busy:
                    watched[issuanceID]?.stillOnItsWay(at: now, timing)
                case .abandoned, .refused:
                    watched[issuanceID] = nil
                }
            } catch {
                failed = true
                warn("an issued document could not be delivered", ["inviteId": invite, "error": "\(error)"])
                if watched[issuanceID] == nil {
                    watched[issuanceID] = WatchedIssuance(id: issuanceID, originRuntimeID: nil, now: now)
                    watched[issuanceID]?.issued(
                        inviteID: invite, interval: read[issuanceID]?.interval ?? 0, at: sentAt[issuanceID] ?? now)
                }
                watched[issuanceID]?.stillOnItsWay(at: now, timing)
            }
        }
        for id in watched.keys where watched[id]?.phase == .onItsWay && watched[id]?.nextPassAt ?? now <= now {
            watched[id]?.stillOnItsWay(at: now, timing)
        }

        let outcome: DocumentReceptionChanged.Outcome =
            failed ? .failed : watched.isEmpty ? .nothingPending : .onItsWay
        return Report(outcome: outcome, received: received, notIssued: notIssued, folioRequests: requests)
    }

    /// Folio confirms `invite` as the issued document of `issuance`: the issuance is ISSUED with this invite, the
    /// invite shares its record, and the issuer signed it.
    static func confirms(_ issuance: FolioIssuance, _ invite: FolioVaultShare) -> Bool {
        issuance.state == .issued && issuance.inviteId == invite.id && issuance.recordId == invite.recordId
            && invite.issuanceId == issuance.id
            && invite.hasValidSignature(ownerSignPublicKey: issuance.issuer.signPublicKey.bytes)
    }
}

extension FolioVaultError {
    /// Folio refused a read before the issuance's interval passed (429 SLOW_DOWN).
    var isSlowDown: Bool { code == .slowDown || status == 429 }
}
