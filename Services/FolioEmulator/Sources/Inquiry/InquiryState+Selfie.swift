import FolioModel
import Foundation

extension InquiryState {
    /// A new capture session for the attempt; the step shows its capture state.
    mutating func startCapture(_ progress: inout InquiryVerification, _ context: InquiryVerificationContext) {
        let id = context.env.newID("cap")
        let expiresAt = context.env.now.addingTimeInterval(Double(context.template.selfie?.captureTtl ?? 600))
        captureSessions[id] = InquiryCaptureSession(
            inquiryId: context.record.id, stepId: context.stepId, expiresAt: expiresAt)
        progress.captureSessionId = id
        progress.captureExpiresAt = expiresAt
        progress.state = .capture
    }

    /// LIVENESS and PASSIVE take `{captureSessionId, transactionId}` (a transaction the selfie proxy issued in
    /// that session), PHOTO `{<captureField>: file, captureSessionId}`; anything else is 422
    /// SCHEMA_VALIDATION. A capture after its session ended ends the attempt EXPIRED.
    mutating func submitCapture(
        _ progress: inout InquiryVerification, fields: JSONObject, _ context: InquiryVerificationContext
    ) throws(InquiryFailure) {
        guard let selfie = context.template.selfie, let session = progress.captureSessionId else {
            throw .internalError("the selfie step has no capture session")
        }
        guard let sent = fields["captureSessionId"]?.stringValue, sent == session else {
            throw .schemaValidation("captureSessionId must be \(session), the session of the current capture")
        }
        if let field = selfie.captureField {
            _ = try uploadedFile(fields[field], field: field, context)
        } else {
            guard let transaction = fields["transactionId"]?.stringValue,
                !transaction.trimmingCharacters(in: .whitespaces).isEmpty
            else {
                throw .schemaValidation("transactionId must be a non-blank string")
            }
            guard selfieTransactions[transaction] == session else {
                throw .schemaValidation("the selfie proxy issued no transaction \(transaction) in \(session)")
            }
        }
        if let expiresAt = progress.captureExpiresAt, context.env.now >= expiresAt {
            progress.state = .expired
            return
        }
        try startProcessing(&progress, context)
    }

    /// `POST /v1/selfie-proxy/sessions/{captureSessionId}/transactions`: a transaction id in a live capture
    /// session (404 CAPTURE_SESSION_NOT_FOUND, 410 CAPTURE_SESSION_EXPIRED).
    mutating func selfieTransaction(session id: String, _ env: InquiryEnvironment) throws(InquiryFailure)
        -> JSONValue
    {
        guard let session = captureSessions[id] else {
            throw InquiryFailure(status: 404, code: "CAPTURE_SESSION_NOT_FOUND", message: "no capture session \(id)")
        }
        guard env.now < session.expiresAt else {
            throw InquiryFailure(status: 410, code: "CAPTURE_SESSION_EXPIRED", message: "capture session \(id) ended")
        }
        let transaction = env.newID("ltx")
        selfieTransactions[transaction] = id
        return ["transactionId": .string(transaction)]
    }
}
