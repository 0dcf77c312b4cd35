import FolioModel
import FolioWire
import Foundation

/// What the emulator keeps about an inquiry (`GET /admin/inquiries/{id}`).
public struct FolioEmulatorInquiry: Decodable, Sendable, Equatable {
    public struct Submission: Decodable, Sendable, Equatable {
        public var stepId: String
        public var deviceId: String
        public var fields: JSONObject
        public var at: Date
    }

    public struct File: Decodable, Sendable, Equatable {
        public var fileId: String
        public var field: String
        public var fileName: String
        public var mimeType: String
        public var sizeBytes: Int
        public var deviceId: String
    }

    /// The progress of a verification step (`verifications` of the admin view).
    public struct Verification: Decodable, Sendable, Equatable {
        public struct Attempt: Decodable, Sendable, Equatable {
            /// An AttemptPhase, e.g. `PROCESSING`.
            public var phase: String
            public var used: Int
            public var max: Int
            public var canRetry: Bool
        }

        /// A VerificationKind, e.g. `GOVERNMENT_ID`.
        public var kind: String
        /// The emulator's state: SELECT_DOCUMENT, SCAN, CONFIRM, UPLOAD_REVIEW, CHIP, PREPARING, CAPTURE,
        /// VERIFY, BOUND, CONFIRM_CODE, PROCESSING, PASSED, FAILED, ERROR or EXPIRED.
        public var state: String
        public var attempt: Attempt
        public var documentType: String?
        /// The NfcChipFiles uploaded in this attempt.
        public var received: [String]?
        public var captureSessionId: String?
        /// Code steps: the codes sent in this attempt, where the last one went and how many wrong ones were tried.
        public var sends: Int?
        public var target: String?
        public var wrongCodes: Int?
        /// `{jwt, artifacts}` of a passed government id step.
        public var outcome: JSONValue?
    }

    public var id: String
    public var organizationId: String
    public var templateId: String
    public var referenceId: String?
    public var correlationId: String
    /// An FolioInquiryStatus, e.g. `PENDING`.
    public var status: String
    public var stepIndex: Int
    public var stepId: String
    public var controllerDeviceId: String?
    public var locale: String
    /// How many launch codes were exchanged.
    public var launchExchanges: Int
    public var submissions: [Submission]
    public var files: [File]
    /// The verification steps the inquiry reached, by step id.
    public var verifications: [String: Verification]
}

extension FolioEmulatorAdmin {
    /// `GET /admin/inquiries/{inquiryId}`.
    public func inquiry(id: String) async throws(EmulatorError) -> FolioEmulatorInquiry {
        try decodeInquiry(await call("GET", "/admin/inquiries/\(Self.inquirySegment(id))"))
    }

    /// The progress of verification step `stepId` of an inquiry; throws when the inquiry has not reached it.
    public func inquiryVerification(inquiryId: String, stepId: String) async throws(EmulatorError)
        -> FolioEmulatorInquiry.Verification
    {
        guard let verification = try await inquiry(id: inquiryId).verifications[stepId] else {
            throw .adminRequestFailed("inquiry \(inquiryId) has no verification step \(stepId) under way")
        }
        return verification
    }

    /// `POST /admin/inquiries/{inquiryId}/expire`: an inquiry that is not final becomes EXPIRED.
    @discardableResult
    public func expireInquiry(id: String) async throws(EmulatorError) -> FolioEmulatorInquiry {
        try decodeInquiry(await call("POST", "/admin/inquiries/\(Self.inquirySegment(id))/expire"))
    }

    private func decodeInquiry(_ value: JSONValue) throws(EmulatorError) -> FolioEmulatorInquiry {
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                guard let date = RFC3339.parse(text) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(text) is not RFC 3339")
                }
                return date
            }
            return try decoder.decode(FolioEmulatorInquiry.self, from: Data(value.serialized()))
        } catch {
            throw .adminRequestFailed("unexpected answer \(value): \(error)")
        }
    }

    private static func inquirySegment(_ id: String) -> String {
        id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? id
    }
}
