import FolioModel
import Foundation

extension InquiryReducer {
    /// Upload on a verification step: the photo of a document side (SCAN or UPLOAD_REVIEW, to `captureField`) or
    /// a file read from the chip (NFC SCAN, to `chipField`, named by its NfcChipFile). Selfies take UploadCapture.
    func uploadToVerification(
        _ view: VerificationView, field: String, fileName: String, mimeType: String, bytes: [UInt8],
        _ state: inout State
    ) -> [Effect] {
        let target: (field: String, submits: Bool)
        switch view.state {
        case .governmentId(.scan(_, let scan)): target = (scan.captureField, true)
        case .governmentId(.uploadReview(_, let upload)): target = (upload.captureField, true)
        case .governmentIdNfc(.scan(_, let chip)):
            guard NfcChipFile(rawValue: fileName) != nil else {
                return reject(.upload(message: "\(fileName) names no chip file (DG1…DG16, SOD)"), &state)
            }
            target = (chip.chipField, false)
        case .selfie:
            return reject(.invalidStepType(message: "a selfie step takes its photo as UploadCapture"), &state)
        default:
            return reject(.invalidStepType(message: "this step takes no upload"), &state)
        }
        guard field == target.field else {
            return reject(.upload(message: "this step uploads to \(target.field), not \(field)"), &state)
        }
        guard Int64(bytes.count) <= InquiryError.imageLimitBytes else {
            return reject(.fileTooLarge(limitBytes: InquiryError.imageLimitBytes), &state)
        }
        return callFolio(
            .uploadToStep(
                stepId: view.stepId, field: field, fileName: fileName, mimeType: mimeType, bytes: bytes,
                submit: target.submits ? [:] : nil), &state)
    }

    /// SubmitCapture: the liveness result of LIVENESS or PASSIVE, for the capture session shown.
    func submitCapture(sessionId: String, transactionId: String, _ state: inout State) -> [Effect] {
        guard case .verification(let view)? = state.stage?.content,
            case .selfie(let selfie) = view.state
        else {
            return reject(.invalidStepType(message: "SubmitCapture needs a selfie Liveness or Passive step"), &state)
        }
        let capture: SelfieCaptureView
        switch selfie {
        case .liveness(_, let shown), .passive(_, let shown): capture = shown
        default:
            return reject(.invalidStepType(message: "SubmitCapture needs a selfie Liveness or Passive step"), &state)
        }
        guard sessionId == capture.captureSessionId else {
            return reject(.invalidState(message: "\(sessionId) is not the current capture session"), &state)
        }
        guard !transactionId.isBlank else {
            return reject(.invalidState(message: "the transaction id is blank"), &state)
        }
        let fields: JSONObject = [
            "captureSessionId": .string(sessionId), "transactionId": .string(transactionId),
        ]
        return callFolio(.submit(stepId: view.stepId, fields: fields, locale: state.locale), &state)
    }

    /// UploadCapture: the selfie photo of PHOTO, uploaded to its capture field with the session's id.
    func uploadCapture(sessionId: String, field: String, bytes: [UInt8], _ state: inout State) -> [Effect] {
        guard case .verification(let view)? = state.stage?.content,
            case .selfie(.photo(_, let photo)) = view.state, let captureField = photo.captureField
        else {
            return reject(.invalidStepType(message: "UploadCapture needs a selfie Photo step"), &state)
        }
        guard sessionId == photo.captureSessionId else {
            return reject(.invalidState(message: "\(sessionId) is not the current capture session"), &state)
        }
        guard field == captureField else {
            return reject(.upload(message: "this step uploads to \(captureField), not \(field)"), &state)
        }
        guard Int64(bytes.count) <= InquiryError.imageLimitBytes else {
            return reject(.fileTooLarge(limitBytes: InquiryError.imageLimitBytes), &state)
        }
        // UploadCapture carries no file name or type: they come from the bytes.
        let format = PhotoFormat(sniffing: bytes)
        return callFolio(
            .uploadToStep(
                stepId: view.stepId, field: field, fileName: "selfie.\(format.fileExtension)",
                mimeType: format.mimeType,
                bytes: bytes, submit: ["captureSessionId": .string(sessionId)]), &state)
    }

    /// PreviewFrame: counts only during a document SCAN that has not decided; a frame of the wrong size sets a
    /// Platform error.
    func previewFrame(width: UInt32, height: UInt32, bytes: [UInt8], at: Date, _ state: inout State) -> [Effect] {
        guard var session = state.capture, !session.decided else { return [] }
        guard UInt64(width) * UInt64(height) == UInt64(bytes.count) else {
            return reject(
                .platform(
                    message:
                        "a \(width)x\(height) frame has \(UInt64(width) * UInt64(height)) bytes, not \(bytes.count)"),
                &state)
        }
        session.observe(luma: bytes, width: Int(width), height: Int(height), at: at)
        state.capture = session
        return []
    }

    /// The fields a FileUnreadable may name: a FILE field of the screen, or the capture field of the
    /// verification state shown.
    func acceptsFileUnreadable(_ field: String, _ state: State) -> Bool {
        switch state.stage?.content {
        case .screen(let screen)?:
            return screen.fields.contains { $0.kind == .file && ($0.id == field || $0.key == field) }
        case .verification(let view)?:
            switch view.state {
            case .governmentId(.scan(_, let scan)): return scan.captureField == field
            case .governmentId(.uploadReview(_, let upload)): return upload.captureField == field
            case .selfie(.photo(_, let photo)): return photo.captureField == field
            default: return false
            }
        default:
            return false
        }
    }

    /// The capture session of the stage: kept while the same SCAN shows, new for another, none without a SCAN.
    static func captureSession(for stage: InquiryStage, current: DocumentCaptureSession?) -> DocumentCaptureSession? {
        guard case .verification(let view) = stage.content, case .governmentId(.scan(_, let scan)) = view.state else {
            return nil
        }
        let key = DocumentCaptureSession.key(stepId: view.stepId, attempt: view.attempt, side: scan.side)
        if let current, current.key == key { return current }
        return DocumentCaptureSession(key: key)
    }
}

extension VerificationView {
    /// What identifies the screen a verification shows: a new state, side or attempt starts afresh.
    var screenKey: String {
        var key = "\(stepId)/\(attempt.used)/\(state.stateType)"
        switch state {
        case .governmentId(.scan(_, let scan)): key += "/\(scan.side.rawValue)"
        case .governmentId(.confirm(_, let side, _)): key += "/\(side.rawValue)"
        case .governmentId(.uploadReview(_, let upload)): key += "/\(upload.side.rawValue)"
        default: break
        }
        return key
    }
}
