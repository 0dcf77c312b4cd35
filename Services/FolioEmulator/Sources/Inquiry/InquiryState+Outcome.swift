import FolioModel
import Foundation

extension InquiryState {
    /// How long a signed verification outcome is valid: 365 days.
    static let outcomeSeconds: Int64 = 31_536_000

    /// The signed verification outcome of a passed government id attempt: a compact JWS over `{typ:
    /// "verification-outcome", iss, sub: inquiryId, stepId, org, selectedDocumentType, output: VerifierOutput,
    /// artifacts, iat, exp}`, and the artifacts (the accepted photos, in side order).
    func signOutcome(_ progress: InquiryVerification, _ context: InquiryVerificationContext) throws(InquiryFailure)
        -> InquiryVerification.Outcome
    {
        let documentType = context.template.selectedDocumentType(picked: progress.documentType)
        var output = context.template.output.mapValues { JSONValue.string($0) }
        for (key, value) in context.knobs.output { output[key] = .string(value) }
        if let documentType { output["documentType"] = .string(documentType) }
        var artifacts: [JSONValue] = []
        for side in context.document(progress)?.sides ?? [] {
            guard let file = progress.images[side.side] else { continue }
            artifacts.append([
                "field": .string("document." + side.side.lowercased()), "fileId": .string(file.fileId),
                "mimeType": .string(file.mimeType), "sizeBytes": .int(Int64(file.sizeBytes)),
            ])
        }
        let issuedAt = Int64(context.env.now.timeIntervalSince1970.rounded(.down))
        var claims: JSONObject = [
            "typ": "verification-outcome", "iss": "folio-emulator", "sub": .string(context.record.id),
            "stepId": .string(context.stepId), "org": .string(context.record.organizationId),
            "output": [
                "type": context.template.kind == .governmentIdNfc ? "GOV_ID_NFC" : "GOV_ID",
                "value": .object(output),
            ],
            "artifacts": .array(artifacts), "iat": .int(issuedAt), "exp": .int(issuedAt + Self.outcomeSeconds),
        ]
        if let documentType { claims["selectedDocumentType"] = .string(documentType) }
        return InquiryVerification.Outcome(jwt: try context.env.sign(.object(claims)), artifacts: artifacts)
    }

    /// `GET /v1/inquiries/{id}/verifications/{stepId}/outcome`: `{jwt, artifacts}` of a passed government id
    /// step (404 OUTCOME_NOT_FOUND before).
    mutating func verificationOutcome(_ caller: InquiryCaller, stepId: String, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> JSONValue
    {
        let record = try authorize(caller, now: env.now)
        guard let outcome = record.verifications[stepId]?.outcome else {
            throw InquiryFailure(
                status: 404, code: "OUTCOME_NOT_FOUND", message: "the step \(stepId) has no verification outcome")
        }
        return outcome.json
    }

    /// `GET /v1/inquiries/{id}/files/{fileId}`: an uploaded file's bytes and mime type (404 FILE_NOT_FOUND
    /// for a file of another inquiry, or one whose bytes were dropped to stay within ``maxStoredBytes``).
    mutating func download(_ caller: InquiryCaller, fileId: String, _ env: InquiryEnvironment)
        throws(InquiryFailure) -> (mimeType: String, bytes: Data)
    {
        let record = try authorize(caller, now: env.now)
        guard let file = record.files.first(where: { $0.fileId == fileId }), let bytes = fileBytes[fileId] else {
            throw InquiryFailure(status: 404, code: "FILE_NOT_FOUND", message: "no file \(fileId) in \(record.id)")
        }
        for (stepId, verification) in record.verifications
        where verification.outcome?.artifacts.contains(where: { $0["fileId"]?.stringValue == fileId }) == true {
            switch record.verificationKnobs[stepId]?.artifactBytes {
            case .oversized?: return (file.mimeType, Data(count: 32 * 1024 * 1024 + 1))
            case .unreadable?:
                return (file.mimeType, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64))
            case nil: break
            }
        }
        return (file.mimeType, bytes)
    }

    /// The bytes kept of all uploads together: 256 MiB; older files' bytes are dropped first.
    static let maxStoredBytes = 256 << 20

    /// Keeps an upload's bytes, dropping the oldest ones beyond ``maxStoredBytes``.
    mutating func keepBytes(_ bytes: Data, fileId: String) {
        fileBytes[fileId] = bytes
        fileOrder.append(fileId)
        storedBytes += bytes.count
        while storedBytes > Self.maxStoredBytes, fileOrder.count > 1 {
            let oldest = fileOrder.removeFirst()
            storedBytes -= fileBytes.removeValue(forKey: oldest)?.count ?? 0
        }
    }
}
