import FolioModel
import Foundation
import HTTP

extension Emulator {
    /// The JSON answer of `body`, or the error answer of its failure.
    func issuanceAnswer(status: Int = 200, _ body: () throws(IssuanceFailure) -> JSONValue) -> HTTPResponse {
        do throws(IssuanceFailure) {
            return .json(try body(), status: status)
        } catch {
            return error.response
        }
    }

    /// The holder a `/v1/issuances` call acts for: the account of its `Folio-Session-Id`, or a guest with guest
    /// access, checked as the vault routes check them.
    func issuanceCaller(_ request: EmulatorRequest) throws(IssuanceFailure) -> VaultEnvironment {
        do throws(VaultFailure) {
            return try vaultEnvironment(request, guest: true)
        } catch {
            throw IssuanceFailure(error)
        }
    }

    /// `GET /v1/issuances/{issuanceId}`: the issuance, for its holder. Every read is counted with the clock's
    /// time; one that comes before `interval` seconds passed since the last answered one gets 429 SLOW_DOWN with
    /// the seconds left. A due auto-decision is made before the answer.
    func readIssuance(_ request: EmulatorRequest) -> HTTPResponse {
        issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            let caller = try issuanceCaller(request)
            let id = request.parameter("issuanceId")
            let now = clock.now()
            return try issuances.perform { state throws(IssuanceFailure) -> JSONValue in
                var record = try state.record(id, holder: caller.account)
                if let last = record.lastAnsweredAt, now < last.addingTimeInterval(Double(record.interval)) {
                    let left = last.addingTimeInterval(Double(record.interval)).timeIntervalSince(now)
                    record.requests.append(IssuanceRecord.Request(at: now, status: 429))
                    state.issuances[id] = record
                    throw IssuanceFailure(
                        status: 429, code: "SLOW_DOWN",
                        message: "read issuance \(id) at most every \(record.interval) s",
                        retryAfterSeconds: max(1, Int(left.rounded(.up))))
                }
                record.requests.append(IssuanceRecord.Request(at: now, status: 200))
                record.lastAnsweredAt = now
                state.issuances[id] = record
                settleDueIssuances(&state, holder: caller.account, now: now)
                return try issuances.json(state.record(id, holder: caller.account))
            }
        }
    }

    /// `GET /v1/vault/issued-invites?cursor=&limit=`: the pending invites of issued documents addressed to the
    /// caller (account or guest), sorted by id. Due auto-decisions of the caller's issuances are made first.
    func listIssuedInvites(_ request: EmulatorRequest) -> HTTPResponse {
        issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            let caller = try issuanceCaller(request)
            let now = clock.now()
            try issuances.perform { state throws(IssuanceFailure) in
                settleDueIssuances(&state, holder: caller.account, now: now)
            }
            do throws(VaultFailure) {
                return try vault.perform(caller) { state, env throws(VaultFailure) in
                    try vaultPage(state.pendingIssuedInvites(env), key: \.id, request) { $0.json }
                }
            } catch {
                throw IssuanceFailure(error)
            }
        }
    }

    /// `POST /v1/issuances/{issuanceId}/delivery` (idempotent, no body): the holder confirms that the document
    /// arrived. The first confirmation sets `deliveredAt` (the receipt); later ones only count. 409
    /// ISSUANCE_NOT_ISSUED before the issuance is ISSUED, 409 INVITE_NOT_ACCEPTED before its invite was accepted.
    func confirmIssuanceDelivery(_ request: EmulatorRequest) async throws(APIError) -> HTTPResponse {
        let caller: VaultEnvironment
        do throws(IssuanceFailure) {
            caller = try issuanceCaller(request)
        } catch {
            return error.response
        }
        let id = request.parameter("issuanceId")
        return try await idempotent(request, scope: caller.account) { () throws(APIError) -> HTTPResponse in
            issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
                let now = clock.now()
                return try issuances.perform { state throws(IssuanceFailure) -> JSONValue in
                    var record = try state.record(id, holder: caller.account)
                    guard record.state == .issued, let inviteId = record.inviteId else {
                        throw .notIssued(id, record.state.rawValue)
                    }
                    let status = try? vault.perform(caller) { state, _ throws(VaultFailure) in
                        state.shareStatus(inviteId)
                    }
                    guard status == .accepted else {
                        throw IssuanceFailure(
                            status: 409, code: "INVITE_NOT_ACCEPTED",
                            message: "accept the invite \(inviteId) before confirming the delivery")
                    }
                    record.confirmations += 1
                    if record.deliveredAt == nil { record.deliveredAt = now }
                    state.issuances[id] = record
                    return try issuances.json(record)
                }
            }
        }
    }
}
