import FolioModel

/// The check of every selfie LIVENESS, PASSIVE and PHOTO update before the store keeps it (spec "Selfie
/// capture"): a liveness service that is not Folio's selfie proxy is InvalidLink, any other incomplete or
/// mismatched capture InvalidState, a PHOTO without its capture field MissingCaptureField.
struct SelfieCaptureCheck {
    /// The configured selfie proxy, normalized.
    var proxyURL: String

    func check(_ stage: InquiryStage, inquiryId: String) throws(InquiryError) {
        guard case .verification(let view) = stage.content, case .selfie(let state) = view.state else { return }
        switch state {
        case .liveness(_, let capture), .passive(_, let capture):
            try checkService(capture.serviceUrl)
            if capture.captureSessionId.isBlank { throw .invalidState(message: "the capture has no session id") }
            if capture.inquiryId != inquiryId {
                throw .invalidState(message: "the capture belongs to inquiry \(capture.inquiryId), not \(inquiryId)")
            }
            if capture.stepId != view.stepId {
                throw .invalidState(message: "the capture belongs to step \(capture.stepId), not \(view.stepId)")
            }
            if capture.expiresAtMs <= 0 { throw .invalidState(message: "the capture has no expiry") }
        case .photo(_, let photo):
            if photo.captureSessionId.isBlank { throw .invalidState(message: "the capture has no session id") }
            guard let field = photo.captureField, !field.isBlank else { throw .missingCaptureField }
        case .preparing, .outcome:
            break
        }
    }

    /// The liveness service must be the proxy itself or lie under its path.
    private func checkService(_ url: String) throws(InquiryError) {
        let normalized: String
        do {
            normalized = try LinkNormalizer.normalize(url)
        } catch {
            throw .invalidLink(url: url)
        }
        let base = proxyURL.hasSuffix("/") ? String(proxyURL.dropLast()) : proxyURL
        guard normalized == base || normalized == base + "/" || normalized.hasPrefix(base + "/") else {
            throw .invalidLink(url: url)
        }
    }
}
