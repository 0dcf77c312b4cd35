import FolioModel
import Foundation

/// The progress of one verification step of one inquiry: its state, the attempt, what was captured or
/// sent in it, and the signed outcome once a government id step passed.
struct InquiryVerification: Sendable {
    /// Where the step is; the wire state (and AttemptPhase) follow from it.
    enum State: String, Sendable {
        case selectDocument = "SELECT_DOCUMENT"
        case scan = "SCAN"
        case confirm = "CONFIRM"
        case uploadReview = "UPLOAD_REVIEW"
        /// GOVERNMENT_ID_NFC's SCAN.
        case chip = "CHIP"
        case preparing = "PREPARING"
        /// SELFIE's LIVENESS, PASSIVE or PHOTO.
        case capture = "CAPTURE"
        case verify = "VERIFY"
        case bound = "BOUND"
        /// EMAIL_OTP's and PHONE_OTP's CONFIRM.
        case confirmCode = "CONFIRM_CODE"
        case processing = "PROCESSING"
        case passed = "PASSED"
        case failed = "FAILED"
        case error = "ERROR"
        /// Shown as ERROR with the phase EXPIRED.
        case expired = "EXPIRED"

        /// AttemptPhase.
        var phase: String {
            switch self {
            case .processing, .passed, .failed, .error, .expired: rawValue
            default: "CREATED"
            }
        }

        var hasEnded: Bool { self == .failed || self == .error || self == .expired }
    }

    /// The code an OTP step sent last.
    struct Code: Sendable {
        var target: String
        var code: String
        var sentAt: Date
        var wrongs = 0
    }

    /// The signed verification outcome of a passed government id step.
    struct Outcome: Sendable {
        var jwt: String
        var artifacts: [JSONValue]

        var json: JSONValue { ["jwt": .string(jwt), "artifacts": .array(artifacts)] }
    }

    var state: State
    /// The attempt under way (1-based), the `used` of AttemptState.
    var attempt = 1
    /// Reads left before PROCESSING or PREPARING moves on.
    var readsLeft = 0
    /// GOVERNMENT_ID: the picked document type and the side under way.
    var documentType: String?
    var sideIndex = 0
    /// GOVERNMENT_ID: side → the accepted or shown photo of this attempt.
    var images: [String: InquiryRecord.File] = [:]
    /// GOVERNMENT_ID_NFC: NfcChipFile → the uploaded chip file of this attempt.
    var chipFiles: [String: InquiryRecord.File] = [:]
    /// SELFIE: the capture session of this attempt and when it ends.
    var captureSessionId: String?
    var captureExpiresAt: Date?
    /// EMAIL_OTP, PHONE_OTP: the codes sent in this attempt and the last one.
    var sends = 0
    var code: Code?
    var outcome: Outcome?

    /// What `GET /admin/inquiries/{id}` shows of the step.
    func json(_ template: InquiryVerificationTemplate) -> JSONValue {
        var members: JSONObject = [
            "kind": .string(template.kind.rawValue), "state": .string(state.rawValue),
            "attempt": attemptJSON(template),
        ]
        if let documentType { members["documentType"] = .string(documentType) }
        if !images.isEmpty { members["images"] = .object(images.mapValues { $0.reference }) }
        if !chipFiles.isEmpty { members["received"] = .array(chipFiles.keys.sorted().map { .string($0) }) }
        if let captureSessionId { members["captureSessionId"] = .string(captureSessionId) }
        if template.kind.isOtp { members["sends"] = .int(Int64(sends)) }
        if let code {
            members["target"] = .string(code.target)
            members["wrongCodes"] = .int(Int64(code.wrongs))
        }
        if let outcome { members["outcome"] = outcome.json }
        return .object(members)
    }

    /// AttemptState `{phase, used, max, canRetry}`.
    func attemptJSON(_ template: InquiryVerificationTemplate) -> JSONValue {
        [
            "phase": .string(state.phase), "used": .int(Int64(attempt)), "max": .int(Int64(template.maxAttempts)),
            "canRetry": .bool(canRetry(template)),
        ]
    }

    /// A FAILED, ERROR or EXPIRED attempt with attempts left.
    func canRetry(_ template: InquiryVerificationTemplate) -> Bool {
        state.hasEnded && attempt < template.maxAttempts
    }
}
