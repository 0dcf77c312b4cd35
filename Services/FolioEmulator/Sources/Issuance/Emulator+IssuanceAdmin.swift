import FolioModel
import Foundation
import HTTP

extension Emulator {
    /// The body of `POST /admin/issuances/{issuanceId}/decide`.
    private struct DecideBody: Decodable {
        var decision: String
        var reason: String?
        var values: [String: String]?
        var title: String?
        var titles: [String: String]?
        var validFrom: String?
        var validUntil: String?
        var isTest: Bool?
        var interval: Int?
    }

    /// The body of `POST /admin/issuances/{issuanceId}/fail`.
    private struct FailBody: Decodable {
        var reason: String
        var retry: Bool?
        var interval: Int?
    }

    /// The body of `POST /admin/issuances/auto-decide`.
    private struct AutoDecideBody: Decodable {
        var issueAfterSeconds: Double?
    }

    /// A body decoded as `T`, as an issuance failure.
    private func issuanceBody<T: Decodable>(_ request: EmulatorRequest, _ type: T.Type) throws(IssuanceFailure) -> T {
        do throws(APIError) {
            return try request.decodeBody(T.self)
        } catch {
            throw IssuanceFailure(error)
        }
    }

    private static func checkInterval(_ interval: Int?) throws(IssuanceFailure) {
        if let interval, !(1...3600).contains(interval) {
            throw .invalidRequest("interval must be 1 to 3600 seconds")
        }
    }

    /// Runs `change` on one issuance under the lock (404 ISSUANCE_NOT_FOUND) and answers its admin view.
    private func changeIssuance(
        _ request: EmulatorRequest,
        _ change: (inout IssuanceRecord, inout IssuanceState, Date) throws(IssuanceFailure) -> Void
    ) -> HTTPResponse {
        let id = request.parameter("issuanceId")
        return issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            let now = clock.now()
            return try issuances.perform { state throws(IssuanceFailure) -> JSONValue in
                guard var record = state.issuances[id] else { throw .notFound(id) }
                try change(&record, &state, now)
                state.issuances[id] = record
                return try issuances.adminJSON(record)
            }
        }
    }

    /// `GET /admin/issuances`: every issuance, sorted by id, with its reads and confirmations. Due
    /// auto-decisions are made first.
    func listIssuancesAdmin(_ request: EmulatorRequest) -> HTTPResponse {
        issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            let now = clock.now()
            return try issuances.perform { state throws(IssuanceFailure) -> JSONValue in
                settleDueIssuances(&state, now: now)
                var items: [JSONValue] = []
                for id in state.issuances.keys.sorted() {
                    guard let record = state.issuances[id] else { continue }
                    items.append(try issuances.adminJSON(record))
                }
                return ["items": .array(items)]
            }
        }
    }

    /// `GET /admin/issuances/{issuanceId}`: one issuance with its reads (time and status) and confirmations.
    /// Reading it here is not counted as a read of the holder.
    func readIssuanceAdmin(_ request: EmulatorRequest) -> HTTPResponse {
        changeIssuance(request) { record, state, now throws(IssuanceFailure) in
            guard state.autoIssueIsDue(record, now: now) else { return }
            state.issuances[record.id] = record
            settleDueIssuances(&state, holder: record.holder.vaultKey, now: now)
            if let settled = state.issuances[record.id] { record = settled }
        }
    }

    /// `POST /admin/issuances/{issuanceId}/decide`: `ISSUE` (the document goes into the holder's vault and the
    /// invite is sent) or `DECLINE` with a `reason`, on a DECIDING issuance or a FAILED one with retry (else
    /// 409 ISSUANCE_DECIDED).
    func decideIssuance(_ request: EmulatorRequest) -> HTTPResponse {
        let body: DecideBody
        do throws(IssuanceFailure) {
            body = try issuanceBody(request, DecideBody.self)
            try Self.checkInterval(body.interval)
            for day in [body.validFrom, body.validUntil].compactMap({ $0 }) where RFC3339.parseDay(day) == nil {
                throw .invalidRequest("validFrom and validUntil are days, YYYY-MM-DD")
            }
            guard ["ISSUE", "DECLINE"].contains(body.decision) else {
                throw .invalidRequest("decision must be ISSUE or DECLINE")
            }
            guard body.decision == "ISSUE" || body.reason?.isEmpty == false else {
                throw .invalidRequest("a DECLINE needs a reason")
            }
        } catch {
            return error.response
        }
        return changeIssuance(request) { record, _, now throws(IssuanceFailure) in
            guard record.isOpen else {
                throw IssuanceFailure(
                    status: 409, code: "ISSUANCE_DECIDED", message: "issuance \(record.id) is \(record.state.rawValue)")
            }
            if let interval = body.interval { record.interval = interval }
            if body.decision == "DECLINE" {
                record.state = .declined
                record.reason = body.reason
                record.retryable = false
                record.decidedAt = now
                return
            }
            let decision = IssuanceDecision(
                values: body.values ?? [:], title: body.title, titles: body.titles ?? [:], validFrom: body.validFrom,
                validUntil: body.validUntil, isTest: body.isTest ?? false)
            try issueDocument(&record, decision, now: now)
        }
    }

    /// `POST /admin/issuances/{issuanceId}/fail`: the issuer could not issue. With `retry` the issuance stays
    /// open (the issuer may still decide it; the holder asks again after `interval`), without it is final.
    func failIssuance(_ request: EmulatorRequest) -> HTTPResponse {
        let body: FailBody
        do throws(IssuanceFailure) {
            body = try issuanceBody(request, FailBody.self)
            try Self.checkInterval(body.interval)
        } catch {
            return error.response
        }
        return changeIssuance(request) { record, _, now throws(IssuanceFailure) in
            guard record.isOpen else {
                throw IssuanceFailure(
                    status: 409, code: "ISSUANCE_DECIDED", message: "issuance \(record.id) is \(record.state.rawValue)")
            }
            record.state = .failed
            record.reason = body.reason
            record.retryable = body.retry ?? false
            record.decidedAt = now
            if let interval = body.interval { record.interval = interval }
        }
    }

    /// `POST /admin/issuances/{issuanceId}/revoke`: the issuer revokes the issued document. Its invite is revoked,
    /// so the holder's record shows `revokedAt` (the record and its content stay). 409 ISSUANCE_NOT_ISSUED
    /// before it is issued; 409 INVALID_SHARE_STATE when it is revoked already.
    func revokeIssuedDocument(_ request: EmulatorRequest) -> HTTPResponse {
        changeIssuance(request) { record, _, now throws(IssuanceFailure) in
            guard record.state == .issued, let inviteId = record.inviteId,
                let issuer = issuances.issuers[record.issuerId]
            else { throw .notIssued(record.id, record.state.rawValue) }
            do throws(VaultFailure) {
                _ = try vault.perform(issuerEnvironment(issuer, record, now: now)) { state, env throws(VaultFailure) in
                    try state.act(on: inviteId, .revoke, env)
                }
            } catch {
                throw IssuanceFailure(error)
            }
            record.revokedAt = now
        }
    }

    /// `GET /admin/issuances/receipts`: the delivery receipts: every issuance whose delivery was confirmed, with
    /// the first confirmation's time and how many confirmations ran.
    func issuanceReceipts(_ request: EmulatorRequest) -> HTTPResponse {
        issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            try issuances.perform { state throws(IssuanceFailure) -> JSONValue in
                let items: [JSONValue] = state.issuances.keys.sorted().compactMap { id -> JSONValue? in
                    guard let record = state.issuances[id], let deliveredAt = record.deliveredAt else { return nil }
                    return [
                        "issuanceId": .string(id), "deliveredAt": .string(RFC3339.format(deliveredAt)),
                        "confirmations": .int(Int64(record.confirmations)),
                    ]
                }
                return ["items": .array(items)]
            }
        }
    }

    /// `POST /admin/issuances/auto-decide` `{"issueAfterSeconds": n | null}`: with a number, every DECIDING
    /// issuance is issued once it is that old (checked when it or its holder's invites are read); null turns the
    /// mode off (templates' own `autoIssueAfterSeconds` apply again).
    func setIssuanceAutoDecide(_ request: EmulatorRequest) -> HTTPResponse {
        issuanceAnswer { () throws(IssuanceFailure) -> JSONValue in
            let body = try issuanceBody(request, AutoDecideBody.self)
            if let seconds = body.issueAfterSeconds, !(0...86_400).contains(seconds) {
                throw .invalidRequest("issueAfterSeconds must be 0 to 86400")
            }
            try issuances.perform { state in state.autoIssueAfter = body.issueAfterSeconds }
            return ["issueAfterSeconds": body.issueAfterSeconds.map(JSONValue.double) ?? JSONValue.null]
        }
    }
}
