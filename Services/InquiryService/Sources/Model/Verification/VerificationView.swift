import Bus
import FolioModel
import WireModel

/// A verification step (spec "Verification steps"). Wire: `{type: VerificationKind, value: {stepId, attempt,
/// state}}`.
public struct VerificationView: WireValue, WireDescribed, Hashable {
    public var stepId: String
    public var attempt: AttemptState
    public var state: VerificationState

    public init(stepId: String, attempt: AttemptState, state: VerificationState) {
        self.stepId = stepId
        self.attempt = attempt
        self.state = state
    }

    public var json: JSONValue {
        let (kind, stateJSON) = state.wireParts
        return TaggedValue(
            type: kind, value: ["stepId": .string(stepId), "attempt": attempt.json, "state": stateJSON]
        ).json
    }

    /// One case per VerificationKind, its `state` the state enum of that kind.
    public static var wireSchema: JSONSchema {
        func step(_ state: JSONSchema) -> JSONSchema {
            .closedObject(
                ["stepId": .string, "attempt": AttemptState.ref, "state": state],
                required: ["stepId", "attempt", "state"])
        }
        return .tagged([
            "GOVERNMENT_ID": step(GovernmentIdState.ref), "GOVERNMENT_ID_NFC": step(NfcState.ref),
            "SELFIE": step(SelfieState.ref), "EMAIL_OTP": step(EmailOtpState.ref),
            "PHONE_OTP": step(PhoneOtpState.ref),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        let fields = try tagged.fields(["stepId", "attempt", "state"])
        stepId = try fields.text("stepId")
        attempt = try fields.value("attempt")
        let stateJSON = try fields.required("state")
        let statePath = fields.path("state")
        switch tagged.type {
        case "GOVERNMENT_ID": state = .governmentId(try GovernmentIdState(json: stateJSON, path: statePath))
        case "GOVERNMENT_ID_NFC": state = .governmentIdNfc(try NfcState(json: stateJSON, path: statePath))
        case "SELFIE": state = .selfie(try SelfieState(json: stateJSON, path: statePath))
        case "EMAIL_OTP": state = .emailOtp(try OtpState(json: stateJSON, path: statePath, phone: false))
        case "PHONE_OTP": state = .phoneOtp(try OtpState(json: stateJSON, path: statePath, phone: true))
        default: throw tagged.unknownType(["GOVERNMENT_ID", "GOVERNMENT_ID_NFC", "SELFIE", "EMAIL_OTP", "PHONE_OTP"])
        }
    }
}

/// The state of a verification step, by kind.
public enum VerificationState: Hashable, Sendable {
    case governmentId(GovernmentIdState)
    case governmentIdNfc(NfcState)
    case selfie(SelfieState)
    case emailOtp(OtpState)
    case phoneOtp(OtpState)

    var wireParts: (kind: String, state: JSONValue) {
        switch self {
        case .governmentId(let state): ("GOVERNMENT_ID", state.json)
        case .governmentIdNfc(let state): ("GOVERNMENT_ID_NFC", state.json)
        case .selfie(let state): ("SELFIE", state.json)
        case .emailOtp(let state): ("EMAIL_OTP", state.json)
        case .phoneOtp(let state): ("PHONE_OTP", state.json)
        }
    }

    /// The name of the state shown (`SCAN`, `CONFIRM`…): a change of it within a step starts a new screen.
    var stateType: String {
        switch wireParts.state {
        case .object(let members): members["type"]?.stringValue ?? ""
        default: ""
        }
    }

    /// The step is being checked or prepared: the store reads it again without an intent.
    var isWaiting: Bool {
        switch self {
        case .selfie(.preparing), .governmentId(.outcome(.processing)), .governmentIdNfc(.outcome(.processing)),
            .selfie(.outcome(.processing)), .emailOtp(.outcome(.processing)), .phoneOtp(.outcome(.processing)):
            true
        default: false
        }
    }

    /// The code step's state, for error placement.
    var otp: OtpState? {
        switch self {
        case .emailOtp(let state), .phoneOtp(let state): state
        default: nil
        }
    }
}
