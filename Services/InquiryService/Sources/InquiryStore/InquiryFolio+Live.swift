import FolioClient
import FolioModel
import Foundation

extension InquiryFolio {
    /// Folio through FolioClient. Launch code exchanges verify the window attestation against Folio's keys.
    public static func live(_ client: FolioClient, verifier: WindowAttestationVerifier) -> InquiryFolio {
        InquiryFolio(
            exchangeLaunchCode: { code, organizationID, deviceID, holder, key throws(InquiryError) in
                try await access { () async throws(FolioInquiryError) in
                    try await client.launchInquiry(
                        launchCode: code, organizationId: organizationID, deviceId: deviceID, holder: holder?.folio,
                        idempotencyKey: key)
                }
            },
            redeemHandoff: { code, organizationID, deviceID, key throws(InquiryError) in
                try await access { () async throws(FolioInquiryError) in
                    try await client.redeemHandoff(
                        code: code, organizationId: organizationID, deviceId: deviceID, idempotencyKey: key)
                }
            },
            send: { request, inquiry, deviceID, key throws(InquiryError) in
                let calls = client.inquiry(id: inquiry.inquiryId, token: inquiry.token, deviceId: deviceID)
                do {
                    switch request {
                    case .read(let locale): return try .step(await calls.step(locale: locale).update())
                    case .submit(let stepId, let fields, let locale):
                        return try .step(
                            await calls.submit(stepId: stepId, fields: fields, locale: locale, idempotencyKey: key)
                                .update())
                    case .back(let stepId, let locale):
                        return try .step(await calls.back(stepId: stepId, locale: locale, idempotencyKey: key).update())
                    case .cancel(let locale):
                        return try .step(await calls.cancel(locale: locale, idempotencyKey: key).update())
                    case .complete(let locale):
                        return try .step(await calls.complete(locale: locale, idempotencyKey: key).update())
                    case .takeControl(let locale):
                        return try .step(await calls.takeControl(locale: locale, idempotencyKey: key).update())
                    case .handoff:
                        return .handoff(try await calls.createHandoff(idempotencyKey: key).view())
                    case .upload(let field, let fileName, let mimeType, let bytes):
                        let file = try await calls.uploadFile(
                            field: field, fileName: fileName, mimeType: mimeType, bytes: bytes, idempotencyKey: key)
                        return .uploaded(
                            field: field,
                            FileValue(fileId: file.fileId, fileName: file.fileName, sizeBytes: Int64(file.sizeBytes)))
                    case .uploadToStep(let stepId, let field, let fileName, let mimeType, let bytes, let submit):
                        // Two calls under keys of their own, so a Retry replays each from Folio's record.
                        let file = try await calls.uploadFile(
                            field: field, fileName: fileName, mimeType: mimeType, bytes: bytes,
                            idempotencyKey: key + "-file")
                        guard var fields = submit else { return try .step(await calls.step(locale: nil).update()) }
                        fields[field] =
                            FileValue(
                                fileId: file.fileId, fileName: file.fileName, sizeBytes: Int64(file.sizeBytes)
                            ).json
                        return try .step(
                            await calls.submit(
                                stepId: stepId, fields: fields, locale: nil, idempotencyKey: key + "-step"
                            )
                            .update())
                    case .result:
                        let result = try await calls.result()
                        return .result(result.status, issuanceId: result.issuanceId)
                    }
                } catch let error as FolioInquiryError {
                    throw InquiryError(folio: error)
                } catch let error as InquiryError {
                    throw error
                } catch {
                    throw .invalidState(message: String(describing: error))
                }
            },
            verifyAttestation: { attestation, inquiryID, organizationID, deviceID throws(InquiryError) in
                try await verifier.verify(
                    attestation, inquiryID: inquiryID, organizationID: organizationID, deviceID: deviceID)
            })
    }
}

extension InquiryFolio {
    /// The access a launch code exchange or a handoff redemption gives. An answer whose inquiry id cannot be
    /// read is NoActiveInquiry.
    fileprivate static func access(_ call: () async throws(FolioInquiryError) -> FolioInquiryLaunch)
        async throws(InquiryError) -> Access
    {
        do {
            let launch = try await call()
            return Access(
                saved: SavedInquiry(
                    inquiryId: launch.inquiryId, correlationId: launch.correlationId, token: launch.inquiryToken),
                attestation: launch.attestation)
        } catch {
            throw InquiryError(launch: error)
        }
    }
}

extension FolioInquiryStep {
    /// The step with its stage read into the model's types; a stage that does not read is InvalidState.
    func update() throws(InquiryError) -> FolioStepUpdate {
        let stage: InquiryStage
        do {
            stage = try InquiryStage(json: self.stage, path: "stage")
        } catch {
            throw .invalidState(message: "Folio sent a step the store cannot read: \(error)")
        }
        return FolioStepUpdate(
            inquiryId: inquiryId, correlationId: correlationId,
            status: status, locale: locale, controller: controller,
            stage: stage, issuanceId: issuanceId)
    }
}

extension InquiryHolder {
    /// The holder as a launch names it: an account by its Folio session, a guest by its id.
    var folio: FolioInquiryHolder {
        switch self {
        case .account(_, let folioSessionId): .session(folioSessionId)
        case .guest(let accountId): .guest(accountId)
        }
    }
}

extension FolioInquiryHandoff {
    /// The Handoff stage: a QR handoff whose link is an External target when the QR payload is an http(s) URL.
    func view() -> HandoffView {
        let lowered = qr.lowercased()
        let isWeb = lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
        return HandoffView(
            kind: .qr, code: code, qr: qr, link: isWeb ? .external(url: qr) : nil,
            expiresAtMs: Int64((expiresAt.timeIntervalSince1970 * 1000).rounded()))
    }
}

extension InquiryError {
    /// A launch code exchange or handoff redemption that failed: an answer the store cannot read the inquiry id
    /// from is NoActiveInquiry (spec "Entries").
    init(launch error: FolioInquiryError) {
        if case .malformedAnswer = error {
            self = .noActiveInquiry
        } else {
            self.init(folio: error)
        }
    }

    /// Folio's answer as the store's error (spec "Errors"); codes the store has no case for stay Upstream.
    init(folio error: FolioInquiryError) {
        switch error {
        case .launchCodeInvalid: self = .launchCodeInvalid
        case .launchInvalid: self = .launchInvalid
        case .tokenExpired: self = .tokenExpired
        case .tokenInvalid: self = .tokenInvalid
        case .expired: self = .expired
        case .notController: self = .notController
        case .inquiryNotFound: self = .noActiveInquiry
        case .fieldValidation(let message, let fields): self = .fieldValidation(message: message, fields: fields)
        case .schemaValidation(let message): self = .schemaValidation(message: message)
        case .invalidCode(let message): self = .invalidCode(message: message)
        case .expiredCode(let message): self = .expiredCode(message: message)
        case .attemptsExhausted(let message): self = .attemptsExhausted(message: message)
        case .confirmExhausted(let message): self = .confirmExhausted(message: message)
        case .invalidTarget(let message): self = .invalidTarget(message: message)
        case .missingTarget(let message): self = .missingTarget(message: message)
        case .deliveryFailed(let message): self = .deliveryFailed(message: message)
        case .handoffExpired: self = .handoffExpired
        case .handoffConsumed: self = .handoffConsumed
        case .handoffMismatch: self = .handoffMismatch
        case .fileTooLarge(let limit): self = .fileTooLarge(limitBytes: Int64(limit))
        case .rateLimited(let seconds): self = .rateLimited(retryAfterSeconds: seconds.map { Int64($0) })
        case .internal(let message): self = .internal(message: message)
        case .network(let message): self = .network(message: message)
        case .malformedAnswer(let message): self = .invalidState(message: message)
        case .upstream(409, "IDEMPOTENCY_KEY_IN_PROGRESS", let message):
            // The same request is still running at Folio (a Retry that overtook it): retryable like a timeout.
            self = .network(message: message)
        case .upstream(let status, let code, let message):
            self = .upstream(status: Int64(status), code: code, message: message)
        case .stepOutdated, .cannotGoBack, .cannotComplete, .finished:
            self = .upstream(status: 409, code: error.description, message: error.description)
        }
    }
}
