import Crypto
import FolioClient
import FolioModel
import Foundation
import WireModel

/// Saves the verified identity of a passed government id attempt (the effect `saveIdentity`; spec "Verified
/// identity", identity-records.md): reads the signed outcome and verifies it with Folio's published keys, reads
/// every image, asks the vault for the record of the same document, calls the organization's mapper, keeps what
/// it prepared, then writes the record with the files as its attachments. A save resumed by another worker
/// calls the mapper again with what was kept and compares the bodies as JSON.
public struct IdentitySaver: Sendable {
    /// Reads an artifact's bytes as an image: FileTooLarge over the limit, RecordMapping when unreadable.
    public typealias ImageReading =
        @Sendable (_ bytes: [UInt8], _ field: ArtifactField) async throws(InquiryError)
        -> ImageMetaView

    let folio: FolioClient
    let keys: FolioSigningKeys
    let vault: VaultIdentityRecords
    let log: IdentitySaveLog
    let mapper: @Sendable (_ organizationID: String) -> any IdentityRecordMapper
    let readImage: ImageReading

    public init(
        folio: FolioClient, keys: FolioSigningKeys, vault: VaultIdentityRecords, log: IdentitySaveLog,
        mapper: @escaping @Sendable (String) -> any IdentityRecordMapper, readImage: @escaping ImageReading
    ) {
        self.folio = folio
        self.keys = keys
        self.vault = vault
        self.log = log
        self.mapper = mapper
        self.readImage = readImage
    }

    public func save(
        _ request: IdentitySaveRequest, inquiry: SavedInquiry, runtimeID: String, organizationID: String,
        deviceID: String
    ) async throws(InquiryError) -> VerifiedIdentity {
        let saveKey = "\(runtimeID)/\(request.saveId)"
        let calls = folio.inquiry(id: inquiry.inquiryId, token: inquiry.token, deviceId: deviceID)
        let entry: IdentitySaveLog.Entry
        if let kept = try await kept(saveKey) {
            // Resumed: the mapper must answer the same body for the same identity and existing body.
            let body = try await map(kept.identity, existing: kept.existing, organizationID: organizationID)
            guard body.isSameDocument(as: kept.body) else {
                throw .invalidState(
                    message: "the identity record mapper answered another body when the interrupted save resumed")
            }
            entry = kept
        } else {
            let prepared = try await prepare(request, saveKey: saveKey, calls: calls, inquiryID: inquiry.inquiryId)
            let found = try await vault.record(runtimeID: runtimeID, fingerprint: prepared.fingerprint)
            let body = try await map(prepared.identity, existing: found?.content, organizationID: organizationID)
            var first = prepared
            first.existing = found?.content
            first.recordId = found?.recordId
            first.body = body
            do {
                entry = try await log.keep(first, saveKey: saveKey)
            } catch {
                throw .network(message: "the save could not be kept: \(error)")
            }
        }
        var files = [
            VaultIdentityRecords.File(
                attachmentId: IdentityAttachmentID.of(saveKey: saveKey, field: .outcomeJwt),
                mediaType: "application/jwt", bytes: Array(entry.jwt.utf8))
        ]
        for file in entry.identity.files where file.field != .outcomeJwt {
            guard let fileId = entry.artifacts[file.field.rawValue] else { continue }
            let download = try await download(fileId, calls: calls)
            files.append(.init(attachmentId: file.id, mediaType: download.mimeType, bytes: download.bytes))
        }
        _ = try await vault.save(
            runtimeID: runtimeID, saveId: saveKey, fingerprint: entry.fingerprint, recordId: entry.recordId,
            content: entry.body, files: files)
        return entry.identity
    }

    private func kept(_ saveKey: String) async throws(InquiryError) -> IdentitySaveLog.Entry? {
        do {
            return try await log.entry(saveKey)
        } catch {
            throw .network(message: "the kept save could not be read: \(error)")
        }
    }

    private func map(_ identity: VerifiedIdentity, existing: RecordContent?, organizationID: String)
        async throws(InquiryError) -> RecordContent
    {
        do {
            return try await mapper(organizationID).map(identity: identity, existing: existing)
        } catch {
            throw .recordMapping(message: error.message)
        }
    }

    /// The identity of the attempt: the verified outcome, the images read, the files named.
    private func prepare(
        _ request: IdentitySaveRequest, saveKey: String, calls: FolioInquiryClient, inquiryID: String
    ) async throws(InquiryError) -> IdentitySaveLog.Entry {
        let answer: FolioVerificationOutcomeAnswer
        do {
            answer = try await calls.verificationOutcome(stepId: request.stepId)
        } catch {
            throw InquiryError(folio: error)
        }
        let claims = try await verified(answer.jwt, inquiryID: inquiryID, stepID: request.stepId)
        var output: VerifierOutput
        do {
            output = try VerifierOutput(json: claims.output, path: "output")
        } catch {
            throw .invalidState(message: "the verification outcome's output cannot be read: \(error)")
        }
        guard var govId = output.governmentId else {
            throw .invalidState(message: "the verification outcome is not a government id result")
        }
        var files = [
            IdentityFile(
                id: IdentityAttachmentID.of(saveKey: saveKey, field: .outcomeJwt), field: .outcomeJwt,
                format: .other(mediaType: "application/jwt"))
        ]
        var artifacts: [String: String] = [:]
        let known = answer.artifacts.compactMap { artifact in
            ArtifactField(rawValue: artifact.field).map { (field: $0, artifact: artifact) }
        }
        for (field, artifact) in known.sorted(by: { $0.field < $1.field }) {
            let download = try await download(artifact.fileId, calls: calls)
            let meta = try await readImage(download.bytes, field)
            let id = IdentityAttachmentID.of(saveKey: saveKey, field: field)
            files.append(IdentityFile(id: id, field: field, format: .image(meta)))
            artifacts[field.rawValue] = artifact.fileId
            let reference = FileRef(reference: id, mimeType: download.mimeType)
            if field == .documentFront { govId.frontImage = reference }
            if field == .documentBack { govId.backImage = reference }
        }
        output = if case .govIdNfc = output { .govIdNfc(govId) } else { .govId(govId) }
        let identity = VerifiedIdentity(
            inquiryId: inquiryID,
            selectedDocumentType: claims.selectedDocumentType.flatMap(IdentityDocumentType.init(rawValue:)),
            output: output, issuedAt: claims.iat, expiresAt: claims.exp, files: files)
        // Without a document number and birthdate the document cannot be recognized again: it gets a record of
        // its own.
        let fingerprint = IdentityFingerprint.of(govId) ?? "save:" + saveKey
        return IdentitySaveLog.Entry(
            identity: identity, existing: nil, recordId: nil, fingerprint: fingerprint,
            body: RecordContent(schema: "", version: 0, payload: ""), jwt: answer.jwt, artifacts: artifacts)
    }

    /// The outcome's claims once its signature checks out with Folio's published keys.
    private func verified(_ jwt: String, inquiryID: String, stepID: String) async throws(InquiryError)
        -> FolioVerificationOutcome
    {
        let jwks: JWKSet
        do {
            let kid = (try? JWS.unverifiedKeyID(of: jwt)) ?? nil
            jwks = try await keys.keys(holding: kid ?? "")
        } catch {
            throw .network(message: "Folio's signing keys could not be read: \(error)")
        }
        do {
            return try FolioVerificationOutcome.verify(jwt, jwks: jwks, inquiryId: inquiryID, stepId: stepID)
        } catch {
            throw .invalidState(message: "the verification outcome does not verify: \(error.reason)")
        }
    }

    private func download(_ fileId: String, calls: FolioInquiryClient) async throws(InquiryError)
        -> FolioInquiryDownload
    {
        do {
            return try await calls.downloadFile(fileId: fileId)
        } catch {
            throw InquiryError(folio: error)
        }
    }
}
