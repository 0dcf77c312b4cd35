import FolioModel
import Foundation

/// InquiryStatus: every status but `created` and `pending` is final.
public enum FolioInquiryStatus: String, Codable, Sendable, Hashable {
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
public struct FolioInquiryCreate: Encodable, Sendable, Equatable {
    public var organizationId: String
    public var templateId: String
    public var referenceId: String?
    /// Field key → value the template's fields start with.
    public var prefill: [String: JSONValue]?
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
        organizationId: String, templateId: String, referenceId: String? = nil, prefill: [String: JSONValue]? = nil,
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
public struct FolioInquiryTesting: Encodable, Sendable, Equatable {
    /// How launches and handoff redemptions of the inquiry answer.
    public enum LaunchAnswer: String, Encodable, Sendable {
        case normal = "NORMAL"
        /// The answer leaves `inquiryId` out.
        case withoutInquiryId = "WITHOUT_INQUIRY_ID"
        /// The attestation's signature has a flipped byte.
        case badAttestationSignature = "BAD_ATTESTATION_SIGNATURE"
        /// The attestation's `sub` names another inquiry.
        case attestationForOtherInquiry = "ATTESTATION_FOR_OTHER_INQUIRY"
    }

    public var launchAnswer: LaunchAnswer?

    /// Creates the knobs.
    public init(launchAnswer: LaunchAnswer? = nil) {
        self.launchAnswer = launchAnswer
    }
}

/// The answer of `POST /v1/operator/inquiries`.
public struct FolioInquiryCreated: Decodable, Sendable, Equatable {
    public var inquiryId: String
    public var launchCode: String
    public var launchCodeExpiresAt: Date
    public var expiresAt: Date
    public var status: FolioInquiryStatus
}

/// A new launch code of an inquiry.
public struct FolioInquiryLaunchCode: Decodable, Sendable, Equatable {
    public var launchCode: String
    public var launchCodeExpiresAt: Date
}

/// What a launch or a handoff redemption answers: the token for this device and the window attestation
/// (a compact JWS, see ``FolioWindowAttestation``).
public struct FolioInquiryLaunch: Decodable, Sendable, Equatable {
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
public struct FolioInquiryStep: Decodable, Sendable, Equatable {
    public var inquiryId: String
    public var correlationId: String
    public var status: FolioInquiryStatus
    public var locale: String
    public var languages: [FolioInquiryLanguage]
    /// False on an observer: the stage is then the observer screen.
    public var controller: Bool
    public var stage: JSONValue

    /// The `stepId` of a SCREEN stage (`observer` on an observer), nil for a TERMINAL one.
    public var stepId: String? { stage["content"]?["value"]?["stepId"]?.stringValue }
}

/// `GET /v1/inquiries/{inquiryId}/result`.
public struct FolioInquiryResult: Decodable, Sendable, Equatable {
    public var inquiryId: String
    public var status: FolioInquiryStatus
    /// The final status, once there is one.
    public var outcome: FolioInquiryStatus?
    public var finishedAt: Date?
}

/// A handoff code for another device.
public struct FolioInquiryHandoff: Decodable, Sendable, Equatable {
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
