import Bus
import FolioModel
import WireModel

/// What a client dispatches to AuthStore (spec "Actions"); one that does not fit the current state does
/// nothing. Wire: `{type: 'ANSWER', value: {value: {type: 'OTP', value: {value: '123456'}}}}`,
/// `{type: 'RESEND_OTP'}`. Read a dispatched one with `AuthAction(json:path: "action")`.
public enum AuthAction: WireValue, WireDescribed, CustomStringConvertible {
    case start(value: AuthStart)
    case answer(value: AuthAnswer)
    case selectAlternative(method: AuthMethod)
    case resendOtp
    case acknowledgeRecoveryCode
    /// The id of the DeviceApproval phase's request (at most 256 printable characters) and the trusted
    /// device's transfer acknowledgement (base64url, at most 4096 characters).
    case completeDeviceLink(challengeId: String, transferAck: String)
    case selectDataRegion(region: DataRegion)
    case cancel

    public var json: JSONValue {
        switch self {
        case .start(let value): Wire.tagged("START", ["value": value.json])
        case .answer(let value): Wire.tagged("ANSWER", ["value": value.json])
        case .selectAlternative(let method): Wire.tagged("SELECT_ALTERNATIVE", ["method": method.json])
        case .resendOtp: Wire.tagged("RESEND_OTP")
        case .acknowledgeRecoveryCode: Wire.tagged("ACKNOWLEDGE_RECOVERY_CODE")
        case .completeDeviceLink(let challengeId, let transferAck):
            Wire.tagged(
                "COMPLETE_DEVICE_LINK", ["challengeId": .string(challengeId), "transferAck": .string(transferAck)])
        case .selectDataRegion(let region): Wire.tagged("SELECT_DATA_REGION", ["region": region.json])
        case .cancel: Wire.tagged("CANCEL")
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged(
            [
                "START": .closedObject(["value": AuthStart.ref], required: ["value"]),
                "ANSWER": .closedObject(["value": AuthAnswer.ref], required: ["value"]),
                "SELECT_ALTERNATIVE": .closedObject(["method": AuthMethod.ref], required: ["method"]),
                "RESEND_OTP": nil,
                "ACKNOWLEDGE_RECOVERY_CODE": nil,
                "COMPLETE_DEVICE_LINK": .closedObject(
                    [
                        "challengeId": JSONSchema.token.described(
                            "The DeviceApproval phase's id, at most 256 characters."),
                        "transferAck": JSONSchema([
                            "type": "string", "pattern": "^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+){0,2}$",
                        ])
                        .described(
                            "The trusted device's transfer acknowledgement: base64url, or a compact JWS, at most "
                                + "4096 characters."),
                    ], required: ["challengeId", "transferAck"]),
                "SELECT_DATA_REGION": .closedObject(["region": DataRegion.ref], required: ["region"]),
                "CANCEL": nil,
            ], description: "What a client dispatches to AuthStore.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "START":
            self = .start(value: try tagged.fields(["value"]).value("value"))
        case "ANSWER":
            self = .answer(value: try tagged.fields(["value"]).value("value"))
        case "SELECT_ALTERNATIVE":
            self = .selectAlternative(method: try tagged.fields(["method"]).value("method"))
        case "RESEND_OTP":
            try tagged.noFields()
            self = .resendOtp
        case "ACKNOWLEDGE_RECOVERY_CODE":
            try tagged.noFields()
            self = .acknowledgeRecoveryCode
        case "COMPLETE_DEVICE_LINK":
            let fields = try tagged.fields(["challengeId", "transferAck"])
            self = .completeDeviceLink(
                challengeId: try fields.string("challengeId", .identifier),
                transferAck: try fields.string("transferAck", .transferAck))
        case "SELECT_DATA_REGION":
            self = .selectDataRegion(region: try tagged.fields(["region"]).value("region"))
        case "CANCEL":
            try tagged.noFields()
            self = .cancel
        default:
            throw tagged.unknownType([
                "START", "ANSWER", "SELECT_ALTERNATIVE", "RESEND_OTP", "ACKNOWLEDGE_RECOVERY_CODE",
                "COMPLETE_DEVICE_LINK", "SELECT_DATA_REGION", "CANCEL",
            ])
        }
    }

    /// The action for logs, without the secrets of an answer.
    public var description: String {
        switch self {
        case .answer(let value): "ANSWER(\(value))"
        case .completeDeviceLink(let challengeId, _): "COMPLETE_DEVICE_LINK(\(challengeId))"
        default: TaggedValue(json: json)?.type ?? "?"
        }
    }
}
