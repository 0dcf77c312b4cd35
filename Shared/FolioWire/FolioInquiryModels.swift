import FolioModel
import Foundation

/// InquiryStatus: every status but `created` and `pending` is final.
public enum FolioInquiryStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case created = "CREATED"
    case pending = "PENDING"
    case completed = "COMPLETED"
    case approved = "APPROVED"
    case declined = "DECLINED"
    case needsReview = "NEEDS_REVIEW"
    case canceled = "CANCELED"
    case expired = "EXPIRED"
    case failed = "FAILED"

    /// True for every status but CREATED and PENDING.
    public var isFinal: Bool { self != .created && self != .pending }
}

/// The body of `POST /v1/operator/inquiries` (the operator's backend; tests and benches).
public struct FolioInquiryCreate: Codable, Sendable, Equatable {
    public var organizationId: String
    public var templateId: String
    public var referenceId: String?
    /// Field key → value the template's fields start with.
    public var prefill: JSONObject?
    /// Default 86,400.
    public var expiresInSeconds: Int?
    /// Default 600.
    public var launchCodeTtlSeconds: Int?
    /// Default 3,600.
    public var tokenTtlSeconds: Int?
    /// Emulator-only knobs.
    public var testing: FolioInquiryTesting?

    /// Creates a request.
    public init(
        organizationId: String, templateId: String, referenceId: String? = nil, prefill: JSONObject? = nil,
        expiresInSeconds: Int? = nil, launchCodeTtlSeconds: Int? = nil, tokenTtlSeconds: Int? = nil,
        testing: FolioInquiryTesting? = nil
    ) {
        self.organizationId = organizationId
        self.templateId = templateId
        self.referenceId = referenceId
        self.prefill = prefill
        self.expiresInSeconds = expiresInSeconds
        self.launchCodeTtlSeconds = launchCodeTtlSeconds
        self.tokenTtlSeconds = tokenTtlSeconds
        self.testing = testing
    }
}

/// Emulator-only knobs of a new inquiry.
public struct FolioInquiryTesting: Codable, Sendable, Equatable {
    /// How launches and handoff redemptions of the inquiry answer.
    public enum LaunchAnswer: String, Codable, Sendable, CaseIterable {
        case normal = "NORMAL"
        /// The answer leaves `inquiryId` out.
        case withoutInquiryId = "WITHOUT_INQUIRY_ID"
        /// The attestation's signature has a flipped byte.
        case badAttestationSignature = "BAD_ATTESTATION_SIGNATURE"
        /// The attestation's `sub` names another inquiry.
        case attestationForOtherInquiry = "ATTESTATION_FOR_OTHER_INQUIRY"
    }

    public var launchAnswer: LaunchAnswer?
    /// Knobs of the template's verification steps, by step id.
    public var verification: [String: FolioVerificationKnobs]?

    /// Creates the knobs.
    public init(launchAnswer: LaunchAnswer? = nil, verification: [String: FolioVerificationKnobs]? = nil) {
        self.launchAnswer = launchAnswer
        self.verification = verification
    }
}

/// Emulator-only knobs of one verification step (`testing.verification.<stepId>`).
public struct FolioVerificationKnobs: Codable, Sendable, Equatable {
    /// How an attempt ends.
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        case pass = "PASS"
        case fail = "FAIL"
        case error = "ERROR"
        /// The attempt ends with the phase EXPIRED.
        case expire = "EXPIRE"
    }

    /// Which part of a selfie capture is rendered wrong.
    public enum CaptureMismatch: String, Codable, Sendable, CaseIterable {
        case stepId = "STEP_ID"
        case inquiryId = "INQUIRY_ID"
        case blankSession = "BLANK_SESSION"
    }

    /// What downloading a passed step's artifacts gives instead of the photos.
    public enum ArtifactBytes: String, Codable, Sendable, CaseIterable {
        /// 32 MiB and one byte.
        case oversized = "OVERSIZED"
        /// A PNG signature followed by bytes that are no image.
        case unreadable = "UNREADABLE"
    }

    /// The fields of a government id output the knob may set.
    public struct Output: Codable, Sendable, Equatable {
        public var documentNumber: String?
        /// An IsoDate, `YYYY-MM-DD`.
        public var birthdate: String?

        public init(documentNumber: String? = nil, birthdate: String? = nil) {
            self.documentNumber = documentNumber
            self.birthdate = birthdate
        }
    }

    /// One per attempt; later attempts pass.
    public var outcomes: [Outcome]?
    /// How many reads PROCESSING lasts (the template's, else 1).
    public var processingReads: Int?
    /// Every code send of an email or phone step fails with DELIVERY_FAILED.
    public var deliveryFails: Bool?
    /// The liveness address a selfie capture shows instead of the emulator's selfie proxy.
    public var selfieServiceUrl: String?
    public var captureMismatch: CaptureMismatch?
    /// A selfie PHOTO state without `captureField`.
    public var photoWithoutCaptureField: Bool?
    public var output: Output?
    public var artifactBytes: ArtifactBytes?

    public init(
        outcomes: [Outcome]? = nil, processingReads: Int? = nil, deliveryFails: Bool? = nil,
        selfieServiceUrl: String? = nil, captureMismatch: CaptureMismatch? = nil,
        photoWithoutCaptureField: Bool? = nil, output: Output? = nil, artifactBytes: ArtifactBytes? = nil
    ) {
        self.artifactBytes = artifactBytes
        self.outcomes = outcomes
        self.processingReads = processingReads
        self.deliveryFails = deliveryFails
        self.selfieServiceUrl = selfieServiceUrl
        self.captureMismatch = captureMismatch
        self.photoWithoutCaptureField = photoWithoutCaptureField
        self.output = output
    }
}

/// The answer of `POST /v1/operator/inquiries`.
public struct FolioInquiryCreated: Codable, Sendable, Equatable {
    public var inquiryId: String
    public var launchCode: String
    public var launchCodeExpiresAt: Date
    public var expiresAt: Date
    public var status: FolioInquiryStatus
}

/// A new launch code of an inquiry.
public struct FolioInquiryLaunchCode: Codable, Sendable, Equatable {
    public var launchCode: String
    public var launchCodeExpiresAt: Date
}

/// What a launch or a handoff redemption answers: the token for this device and the window attestation
/// (a compact JWS, see ``FolioWindowAttestation``).
public struct FolioInquiryLaunch: Codable, Sendable, Equatable {
    public var inquiryId: String
    public var correlationId: String
    /// Send it as `Folio-Inquiry-Token` with every call about the inquiry.
    public var inquiryToken: String
    public var tokenExpiresAt: Date
    public var attestation: String
}

/// A language of the inquiry.
public struct FolioInquiryLanguage: Codable, Sendable, Hashable {
    public var code: String
    public var name: String
    public var nativeName: String
}

/// A StepEnvelope: the inquiry's state for this device. `stage` is an InquiryStage in the wire shape of
/// docs/inquiry-store.md, kept as raw JSON for the InquiryService to decode.
public struct FolioInquiryStep: Codable, Sendable, Equatable {
    public var inquiryId: String
    public var correlationId: String
    public var status: FolioInquiryStatus
    public var locale: String
    public var languages: [FolioInquiryLanguage]
    /// False on an observer: the stage is then the observer screen.
    public var controller: Bool
    public var stage: JSONValue
    /// Present once the inquiry completed and its template offers a document: the issuance to follow.
    public var issuanceId: String?

    /// The `stepId` of a SCREEN stage (`observer` on an observer) or a VERIFICATION stage, nil for a TERMINAL
    /// one.
    public var stepId: String? {
        stage["content"]?["value"]?["stepId"]?.stringValue ?? verification?["value"]?["stepId"]?.stringValue
    }

    /// The VerificationView `{type: kind, value: {stepId, attempt, state}}` of a VERIFICATION stage.
    public var verification: JSONValue? {
        stage["content"]?["type"] == "VERIFICATION" ? stage["content"]?["value"] : nil
    }
}

/// An artifact of a passed government id step: an ArtifactField wire name (`document.front`) and the
/// uploaded file (download it with ``FolioInquiryClient/downloadFile(fileId:)``).
public struct FolioVerificationArtifact: Codable, Sendable, Equatable {
    public var field: String
    public var fileId: String
    public var mimeType: String
    public var sizeBytes: Int

    public init(field: String, fileId: String, mimeType: String, sizeBytes: Int) {
        self.field = field
        self.fileId = fileId
        self.mimeType = mimeType
        self.sizeBytes = sizeBytes
    }
}

/// `GET .../verifications/{stepId}/outcome`: the signed outcome (see ``FolioVerificationOutcome``) and its
/// artifacts.
public struct FolioVerificationOutcomeAnswer: Codable, Sendable, Equatable {
    public var jwt: String
    public var artifacts: [FolioVerificationArtifact]
}

/// An uploaded file's bytes and mime type.
public struct FolioInquiryDownload: Sendable, Equatable {
    public var mimeType: String
    public var bytes: [UInt8]

    public init(mimeType: String, bytes: [UInt8]) {
        self.mimeType = mimeType
        self.bytes = bytes
    }
}

/// `GET /v1/inquiries/{inquiryId}/result`.
public struct FolioInquiryResult: Codable, Sendable, Equatable {
    public var inquiryId: String
    public var status: FolioInquiryStatus
    /// The final status, once there is one.
    public var outcome: FolioInquiryStatus?
    public var finishedAt: Date?
    /// Set once the inquiry completed and its template offers a document: the issuance to follow
    /// (`GET /v1/issuances/{issuanceId}`).
    public var issuanceId: String?
}

/// A handoff code for another device.
public struct FolioInquiryHandoff: Codable, Sendable, Equatable {
    public var code: String
    /// What a QR code shows: `https://handoff.folio.example/h/<code>`.
    public var qr: String
    public var expiresAt: Date
}

/// An uploaded file; submit it as the value of its FILE field.
public struct FolioInquiryFile: Codable, Sendable, Equatable {
    public var fileId: String
    public var fileName: String
    public var sizeBytes: Int

    /// The value of a FILE field: `{fileId, fileName, sizeBytes}`.
    public var fieldValue: JSONValue {
        ["fileId": .string(fileId), "fileName": .string(fileName), "sizeBytes": .int(Int64(sizeBytes))]
    }
}
