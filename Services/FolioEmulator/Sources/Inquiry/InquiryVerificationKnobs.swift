import FolioModel
import FolioWire

/// The emulator-only `testing.verification.<stepId>` knobs of one verification step.
struct InquiryVerificationKnobs: Sendable, Equatable {
    typealias Outcome = FolioVerificationKnobs.Outcome

    typealias CaptureMismatch = FolioVerificationKnobs.CaptureMismatch

    /// One per attempt; attempts past the list pass.
    var outcomes: [Outcome] = []
    var processingReads: Int?
    var deliveryFails = false
    var selfieServiceUrl: String?
    var captureMismatch: CaptureMismatch?
    var photoWithoutCaptureField = false
    typealias ArtifactBytes = FolioVerificationKnobs.ArtifactBytes

    var artifactBytes: ArtifactBytes?
    /// GovIdOutput fields that replace the template's (`documentNumber`, `birthdate`).
    var output: [String: String] = [:]

    static let members: Set<String> = [
        "outcomes", "processingReads", "deliveryFails", "selfieServiceUrl", "captureMismatch",
        "photoWithoutCaptureField", "output", "artifactBytes",
    ]
    static let outputMembers: Set<String> = ["documentNumber", "birthdate"]

    func outcome(ofAttempt attempt: Int) -> Outcome {
        attempt >= 1 && attempt <= outcomes.count ? outcomes[attempt - 1] : .pass
    }

    /// Reads `testing.verification` for a template: an object of verification step ids to knobs; any other
    /// step id, unknown member or wrong type is a 400.
    static func read(_ value: JSONValue, template: InquiryTemplate) throws(InquiryFailure) -> [String: Self] {
        guard let steps = value.objectValue else { throw .invalidRequest("testing.verification must be an object") }
        var knobs: [String: Self] = [:]
        for (stepId, members) in steps {
            let path = "testing.verification.\(stepId)"
            guard template.steps.contains(where: { $0.id == stepId && $0.verification != nil }) else {
                throw .invalidRequest("\(path): \(template.id) has no verification step \(stepId)")
            }
            knobs[stepId] = try Self(members, path: path)
        }
        return knobs
    }

    init() {}

    private init(_ value: JSONValue, path: String) throws(InquiryFailure) {
        guard let members = value.objectValue else { throw .invalidRequest("\(path) must be an object") }
        if let unknown = members.keys.sorted().first(where: { !Self.members.contains($0) }) {
            throw .invalidRequest("\(path).\(unknown) is not one of \(Self.members.sorted())")
        }
        if let list = members["outcomes"], !list.isNull {
            let names = list.arrayValue?.compactMap { $0.stringValue.flatMap(Outcome.init(rawValue:)) }
            guard let names, names.count == list.arrayValue?.count, names.count <= 20 else {
                throw .invalidRequest("\(path).outcomes must be an array of at most 20 of PASS, FAIL, ERROR, EXPIRE")
            }
            outcomes = names
        }
        if let reads = members["processingReads"], !reads.isNull {
            guard let number = reads.intValue, (0...100).contains(number) else {
                throw .invalidRequest("\(path).processingReads must be an integer from 0 to 100")
            }
            processingReads = Int(number)
        }
        deliveryFails = try Self.bool(members["deliveryFails"], "\(path).deliveryFails")
        photoWithoutCaptureField = try Self.bool(
            members["photoWithoutCaptureField"], "\(path).photoWithoutCaptureField")
        if let url = members["selfieServiceUrl"], !url.isNull {
            guard let text = url.stringValue, !text.isEmpty else {
                throw .invalidRequest("\(path).selfieServiceUrl must be a non-empty string")
            }
            selfieServiceUrl = text
        }
        if let replaced = members["artifactBytes"], !replaced.isNull {
            guard let chosen = replaced.stringValue.flatMap(ArtifactBytes.init(rawValue:)) else {
                throw .invalidRequest("\(path).artifactBytes must be OVERSIZED or UNREADABLE")
            }
            artifactBytes = chosen
        }
        if let mismatch = members["captureMismatch"], !mismatch.isNull {
            guard let chosen = mismatch.stringValue.flatMap(CaptureMismatch.init(rawValue:)) else {
                throw .invalidRequest("\(path).captureMismatch must be STEP_ID, INQUIRY_ID or BLANK_SESSION")
            }
            captureMismatch = chosen
        }
        if let fields = members["output"], !fields.isNull {
            guard let object = fields.objectValue else { throw .invalidRequest("\(path).output must be an object") }
            for (key, field) in object {
                guard Self.outputMembers.contains(key), let text = field.stringValue, !text.isEmpty else {
                    throw .invalidRequest("\(path).output.\(key) must be a string of \(Self.outputMembers.sorted())")
                }
                guard key != "birthdate" || InquiryVerificationTemplate.isIsoDate(text) else {
                    throw .invalidRequest("\(path).output.birthdate must be an ISO date YYYY-MM-DD")
                }
                output[key] = text
            }
        }
    }

    private static func bool(_ value: JSONValue?, _ path: String) throws(InquiryFailure) -> Bool {
        guard let value, !value.isNull else { return false }
        guard let flag = value.boolValue else { throw .invalidRequest("\(path) must be a boolean") }
        return flag
    }
}
