import FolioModel
import FolioWire
import Foundation

/// One inquiry as Folio keeps it.
struct InquiryRecord: Sendable {
    struct Submission: Sendable {
        var stepId: String
        var deviceId: String
        var fields: JSONObject
        var at: Date

        var json: JSONValue {
            [
                "stepId": .string(stepId), "deviceId": .string(deviceId), "fields": .object(fields),
                "at": .string(RFC3339.format(at)),
            ]
        }
    }

    struct File: Sendable {
        var fileId: String
        var field: String
        var fileName: String
        var mimeType: String
        var sizeBytes: Int
        var deviceId: String
        var at: Date

        /// What a FILE field's value and the upload answer show.
        var reference: JSONValue {
            ["fileId": .string(fileId), "fileName": .string(fileName), "sizeBytes": .int(Int64(sizeBytes))]
        }

        var json: JSONValue {
            [
                "fileId": .string(fileId), "field": .string(field), "fileName": .string(fileName),
                "mimeType": .string(mimeType), "sizeBytes": .int(Int64(sizeBytes)), "deviceId": .string(deviceId),
                "at": .string(RFC3339.format(at)),
            ]
        }
    }

    let id: String
    let organizationId: String
    let templateId: String
    let referenceId: String?
    let correlationId: String
    let prefill: JSONObject
    let createdAt: Date
    let expiresAt: Date
    let launchCodeTtl: TimeInterval
    let tokenTtl: TimeInterval
    let launchAnswer: FolioInquiryTesting.LaunchAnswer
    /// The `testing.verification` knobs by step id.
    let verificationKnobs: [String: InquiryVerificationKnobs]
    var status: FolioInquiryStatus = .created
    var stepIndex = 0
    var controllerDeviceId: String?
    var locale: String
    var launchExchanges = 0
    var submissions: [Submission] = []
    /// The last submitted value of each field key.
    var values: JSONObject = [:]
    var files: [File] = []
    /// The progress of each verification step the inquiry reached, by step id.
    var verifications: [String: InquiryVerification] = [:]
    var finishedAt: Date?
    /// Who runs the inquiry, named at launch: a document the inquiry issues goes to this account or guest.
    var holder: IssuanceHolder?
    /// The issuance the completed inquiry offers its holder.
    var issuanceId: String?

    /// Marks an inquiry whose time is up EXPIRED (a final inquiry keeps its status).
    mutating func expireIfDue(now: Date) {
        if !status.isFinal, now >= expiresAt { finish(.expired, now: now) }
    }

    mutating func finish(_ status: FolioInquiryStatus, now: Date) {
        self.status = status
        finishedAt = now
    }
}

/// A launch code: single-use, until `expiresAt`.
struct InquiryLaunchCode: Sendable {
    var inquiryId: String
    var expiresAt: Date
    var used = false
}

/// An inquiry token: lets one device call the inquiry routes of one inquiry until `expiresAt`.
struct InquiryToken: Sendable {
    var inquiryId: String
    var deviceId: String
    var expiresAt: Date
}

/// A handoff code: single-use, until `expiresAt`.
struct InquiryHandoff: Sendable {
    var inquiryId: String
    var expiresAt: Date
    var consumed = false
}

/// A selfie capture session: the liveness engine asks the selfie proxy for transactions in it.
struct InquiryCaptureSession: Sendable {
    var inquiryId: String
    var stepId: String
    var expiresAt: Date
}

/// Every inquiry and its codes and tokens, under the lock of ``InquiryEmulator``.
struct InquiryState: Sendable {
    var inquiries: [String: InquiryRecord] = [:]
    var launchCodes: [String: InquiryLaunchCode] = [:]
    var tokens: [String: InquiryToken] = [:]
    var handoffs: [String: InquiryHandoff] = [:]
    var captureSessions: [String: InquiryCaptureSession] = [:]
    /// Selfie proxy transaction id → the capture session it was issued in.
    var selfieTransactions: [String: String] = [:]
    /// The bytes of uploaded files by file id, oldest first in `fileOrder`, at most ``maxStoredBytes`` in all.
    var fileBytes: [String: Data] = [:]
    var fileOrder: [String] = []
    var storedBytes = 0
}
