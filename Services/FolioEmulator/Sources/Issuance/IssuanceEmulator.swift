import FolioModel
import FolioWire
import Foundation
import Synchronization

/// The issuance half of the emulator: issuers and document templates from the fixtures (fixed) and the
/// issuances (in memory, one lock). Lock order: an inquiry's lock, then this one, then the vault's.
final class IssuanceEmulator: Sendable {
    let issuers: [String: Issuer]
    let documentTemplates: [String: DocumentTemplate]
    private let state = Mutex(IssuanceState())

    init(fixtures: FixtureSet, inquiryTemplates: [String: InquiryTemplate]) throws(EmulatorError) {
        issuers = try Issuer.load(from: fixtures)
        documentTemplates = try DocumentTemplate.load(from: fixtures)
        for record in fixtures["inquiryTemplates"] {
            guard let offer = inquiryTemplates[record.id]?.issuance else { continue }
            guard documentTemplates[offer.documentTemplateId] != nil else {
                throw .invalidFixture(
                    record.file,
                    "inquiryTemplates \(record.id): issuance.documentTemplateId \(offer.documentTemplateId) does not exist"
                )
            }
        }
    }

    /// Runs `body` on the state under the lock.
    func perform<T: Sendable>(_ body: (inout IssuanceState) throws(IssuanceFailure) -> T) throws(IssuanceFailure)
        -> T
    {
        try state.withLock { (state: inout IssuanceState) throws(IssuanceFailure) -> T in try body(&state) }
    }

    /// Offers the document of `offer` to the holder of a completed inquiry: a new DECIDING issuance.
    func offer(
        _ offer: InquiryTemplate.IssuanceOffer, id: String, inquiry: InquiryRecord, holder: IssuanceHolder, now: Date
    ) {
        let issuerId = documentTemplates[offer.documentTemplateId]?.issuerId ?? ""
        let record = IssuanceRecord(
            id: id, organizationId: inquiry.organizationId, inquiryId: inquiry.id,
            documentTemplateId: offer.documentTemplateId, issuerId: issuerId, holder: holder,
            inquiryValues: inquiry.values, autoIssueAfter: offer.autoIssueAfterSeconds, interval: offer.interval,
            createdAt: now)
        state.withLock { $0.issuances[id] = record }
    }

    /// The issuance as `/v1` answers it.
    func json(_ record: IssuanceRecord) throws(IssuanceFailure) -> JSONValue {
        guard let issuer = issuers[record.issuerId] else {
            throw .internalError("the issuer \(record.issuerId) of \(record.id) is gone")
        }
        do {
            return try FolioWireJSON.encode(record.wire(issuer), nulls: true)
        } catch {
            throw .internalError("cannot encode \(record.id): \(error)")
        }
    }

    /// What the admin sees: the issuance, its reads, its delivery confirmations and the revocation.
    func adminJSON(_ record: IssuanceRecord) throws(IssuanceFailure) -> JSONValue {
        var members: JSONObject = [
            "issuance": try json(record), "requests": .array(record.requests.map(\.json)),
            "confirmations": .int(Int64(record.confirmations)),
        ]
        if let revokedAt = record.revokedAt { members["revokedAt"] = .string(RFC3339.format(revokedAt)) }
        return .object(members)
    }
}
