import FolioModel
import FolioWire
import Foundation

extension Emulator {
    /// Issues the document of an open issuance (under the issuance lock): fills in the template's fields,
    /// stores the sealed record in the vault with the issuer as owner and invites the holder. The issuance
    /// becomes ISSUED with the invite and the record; a refusal of the vault (409 VAULT_KEYS_REQUIRED) leaves it
    /// as it was.
    func issueDocument(_ record: inout IssuanceRecord, _ decision: IssuanceDecision, now: Date)
        throws(IssuanceFailure)
    {
        guard let template = issuances.documentTemplates[record.documentTemplateId],
            let issuer = issuances.issuers[template.issuerId]
        else { throw .internalError("the document template \(record.documentTemplateId) is gone") }
        let validFrom = decision.validFrom ?? RFC3339.formatDay(now)
        let validUntil =
            decision.validUntil
            ?? template.validityDays.flatMap { days in
                RFC3339.parseDay(validFrom).map { RFC3339.formatDay($0.addingTimeInterval(Double(days) * 86_400)) }
            }
        var photos: [IssuedDelivery.Photo] = []
        let fields = template.fields.map { field -> FolioDigitalDocument.Field in
            var value: String?
            var photo: FolioDigitalDocument.Photo?
            switch field.kind {
            case .photo:
                let id = newID(prefix: "att")
                photos.append(IssuedDelivery.Photo(attachmentId: id, bytes: SamplePhoto.bytes))
                photo = FolioDigitalDocument.Photo(
                    attachmentId: id, mimeType: SamplePhoto.mimeType, width: SamplePhoto.width,
                    height: SamplePhoto.height)
            case .text, .date:
                let submitted = field.source.flatMap { record.inquiryValues[$0]?.stringValue }.flatMap {
                    $0.isEmpty ? nil : field.kind == .date ? String($0.prefix(10)) : $0
                }
                value = decision.values[field.key] ?? submitted ?? field.sample
            }
            return FolioDigitalDocument.Field(
                key: field.key, kind: field.kind, label: field.labels[template.defaultLocale] ?? field.key,
                labels: field.labels, required: field.required, disclosed: field.disclosed, value: value, photo: photo)
        }
        let document = FolioDigitalDocument(
            issuanceId: record.id, issuer: issuer.named, documentType: template.named, title: decision.title,
            titles: decision.titles, defaultLocale: template.defaultLocale, validFrom: validFrom,
            validUntil: validUntil, issuedAt: now, isTest: decision.isTest, fields: fields)
        let payload: [UInt8]
        do {
            payload = try FolioWireJSON.encode(document, nulls: true).serialized()
        } catch {
            throw .internalError("cannot encode the document of \(record.id): \(error)")
        }
        let delivery = IssuedDelivery(
            recordId: newID(prefix: "rec"), issuanceId: record.id, issuer: issuer, holder: record.holder,
            payload: payload, photos: photos)
        let inviteId: String
        do throws(VaultFailure) {
            inviteId = try vault.perform(issuerEnvironment(issuer, record, now: now)) {
                state, env throws(VaultFailure) in
                try state.issue(delivery, env)
            }
        } catch {
            throw IssuanceFailure(error)
        }
        record.state = .issued
        record.inviteId = inviteId
        record.recordId = delivery.recordId
        record.reason = nil
        record.retryable = false
        record.decidedAt = now
    }

    /// The vault environment of the issuer of `record`, the owner of its document.
    func issuerEnvironment(_ issuer: Issuer, _ record: IssuanceRecord, now: Date) -> VaultEnvironment {
        VaultEnvironment(
            emulator: self, now: now,
            caller: VaultCaller(
                sessionId: "", accountId: issuer.id, organizationId: record.organizationId, email: issuer.email))
    }

    /// Issues, under the issuance lock, every issuance the auto-decide mode has made due (all of them, or those
    /// of one holder). One that cannot be sealed yet (no holder keys) stays DECIDING.
    func settleDueIssuances(_ state: inout IssuanceState, holder holderKey: String? = nil, now: Date) {
        for id in state.issuances.keys.sorted() {
            guard var record = state.issuances[id], holderKey == nil || record.holder.vaultKey == holderKey,
                state.autoIssueIsDue(record, now: now)
            else { continue }
            do throws(IssuanceFailure) {
                try issueDocument(&record, IssuanceDecision(), now: now)
                state.issuances[id] = record
            } catch {
                logger.debug("auto-issue", ["issuanceId": id, "error": error.description])
            }
        }
    }
}
