import Bus
import FolioModel
import WireModel

/// Where the ceremony is (spec "How it works"). Wire: `{type: 'AWAITING_INPUT', value: {phase, alternatives,
/// error?}}`, `{type: 'IDLE'}`.
public enum AuthFlowStep: WireValue, WireDescribed {
    /// No ceremony has started, or the last one was cancelled.
    case idle
    /// The SDK is talking to Folio. With a `passkeyRequest`, the hosted SDK asks the client to show the passkey
    /// dialog: `{type: 'BUSY', value: {passkeyRequest, error?}}`; without one the case has no value, as in the
    /// spec. `error` is set when a step that only a passkey can answer offers the dialog again after the last
    /// one was cancelled or failed (PasskeyCancelled, PasskeyFailed): the step is still open.
    case busy(passkeyRequest: PasskeyRequest? = nil, error: AuthError? = nil)
    /// A step waits for the input `phase`; `alternatives` are the other methods the person may switch to;
    /// `error` is what went wrong with the last answer of this step.
    case awaitingInput(phase: AuthPhase, alternatives: [AuthMethod], error: AuthError?)
    /// A new account's recovery code, to show before AcknowledgeRecoveryCode.
    case awaitingRecoveryCodeAck(code: String)
    /// The ceremony finished; stays until another ceremony starts or Cancel.
    case authenticated
    /// The ceremony is over with `error`.
    case failed(error: AuthError)

    public var json: JSONValue {
        switch self {
        case .idle:
            Wire.tagged("IDLE")
        case .busy(let passkeyRequest, let error):
            Wire.tagged("BUSY", passkeyRequest.map { ["passkeyRequest": $0.json, "error": error?.json] })
        case .awaitingInput(let phase, let alternatives, let error):
            Wire.tagged(
                "AWAITING_INPUT", ["phase": phase.json, "alternatives": Wire.array(alternatives), "error": error?.json])
        case .awaitingRecoveryCodeAck(let code):
            Wire.tagged("AWAITING_RECOVERY_CODE_ACK", ["code": .string(code)])
        case .authenticated:
            Wire.tagged("AUTHENTICATED")
        case .failed(let error):
            Wire.tagged("FAILED", ["error": error.json])
        }
    }

    /// BUSY carries `value` only with a `passkeyRequest`; every other case as `.tagged` states it.
    public static var wireSchema: JSONSchema {
        let busy = JSONSchema.taggedCaseWithOptionalValue(
            "BUSY",
            fields: .closedObject(
                ["passkeyRequest": PasskeyRequest.ref, "error": AuthError.ref], required: ["passkeyRequest"]))
        return .oneOf(
            [
                .taggedCase("IDLE"),
                busy.described(
                    "The SDK is talking to Folio; with passkeyRequest the client must show the passkey dialog, and "
                        + "error is what ended the last dialog of a step only a passkey can answer."),
                .taggedCase(
                    "AWAITING_INPUT",
                    fields: .closedObject(
                        [
                            "phase": AuthPhase.ref,
                            "alternatives": JSONSchema.array(AuthMethod.ref).described(
                                "The other methods the person may switch to."),
                            "error": AuthError.ref,
                        ], required: ["phase", "alternatives"])),
                .taggedCase(
                    "AWAITING_RECOVERY_CODE_ACK",
                    fields: .closedObject(
                        [
                            "code": JSONSchema.string.described(
                                "A new account's recovery code, to show until AcknowledgeRecoveryCode.")
                        ],
                        required: ["code"])),
                .taggedCase("AUTHENTICATED"),
                .taggedCase("FAILED", fields: .closedObject(["error": AuthError.ref], required: ["error"])),
            ], description: "Where the ceremony is.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "IDLE":
            try tagged.noFields()
            self = .idle
        case "BUSY":
            let fields = try tagged.fields(["passkeyRequest", "error"])
            self = .busy(
                passkeyRequest: try fields.optionalValue("passkeyRequest"), error: try fields.optionalValue("error"))
        case "AWAITING_INPUT":
            let fields = try tagged.fields(["phase", "alternatives", "error"])
            self = .awaitingInput(
                phase: try fields.value("phase"), alternatives: try fields.array("alternatives", maxCount: .max),
                error: try fields.optionalValue("error"))
        case "AWAITING_RECOVERY_CODE_ACK":
            self = .awaitingRecoveryCodeAck(code: try tagged.fields(["code"]).string("code", .modelText))
        case "AUTHENTICATED":
            try tagged.noFields()
            self = .authenticated
        case "FAILED":
            self = .failed(error: try tagged.fields(["error"]).value("error"))
        default:
            throw tagged.unknownType([
                "IDLE", "BUSY", "AWAITING_INPUT", "AWAITING_RECOVERY_CODE_ACK", "AUTHENTICATED", "FAILED",
            ])
        }
    }

    /// Where `error` is reported (spec "Errors"): in AwaitingInput with `phase` and `alternatives` when the
    /// error leaves the step open and there is a step to go back to, else in Failed (for example when Start
    /// itself fails, `phase` is nil).
    public static func afterError(_ error: AuthError, phase: AuthPhase?, alternatives: [AuthMethod]) -> AuthFlowStep {
        guard let phase, !error.endsCeremony else { return .failed(error: error) }
        return .awaitingInput(phase: phase, alternatives: alternatives, error: error)
    }
}
