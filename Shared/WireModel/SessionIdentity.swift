import Bus
import FolioModel

/// Who the session is. Wire: `{type: 'TRANSIENT', value: {accountId}}`,
/// `{type: 'AUTHENTICATED', value: {userId, email}}`.
public enum SessionIdentity: WireValue, WireDescribed {
    /// The guest account created with the runtime, whose vault lives on this device's backend; also what a
    /// ceremony ends on when Folio signs the person in to a guest account.
    case transient(accountId: String)
    /// A signed-in account.
    case authenticated(userId: String, email: String)

    /// The account whose vault the identity holds: the guest account, or the signed-in user.
    public var accountID: String {
        switch self {
        case .transient(let accountId): accountId
        case .authenticated(let userId, _): userId
        }
    }

    public var json: JSONValue {
        switch self {
        case .transient(let accountId): Wire.tagged("TRANSIENT", ["accountId": .string(accountId)])
        case .authenticated(let userId, let email):
            Wire.tagged("AUTHENTICATED", ["userId": .string(userId), "email": .string(email)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "TRANSIENT": .closedObject(["accountId": .string], required: ["accountId"]),
            "AUTHENTICATED": .closedObject(["userId": .string, "email": .string], required: ["userId", "email"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "TRANSIENT":
            self = .transient(accountId: try tagged.fields(["accountId"]).string("accountId", .modelText))
        case "AUTHENTICATED":
            let fields = try tagged.fields(["userId", "email"])
            self = .authenticated(
                userId: try fields.string("userId", .modelText), email: try fields.string("email", .modelText))
        default:
            throw tagged.unknownType(["TRANSIENT", "AUTHENTICATED"])
        }
    }
}

/// How sure the SDK is of the identity. Wire: `{type: 'ACTIVE'}`, an object like every enum without fields.
public enum SessionStatus: WirePlainEnum {
    /// The identity restored on this device, not (yet) confirmed by Folio; also the status after a session
    /// switch failed and the previous identity came back.
    case device
    /// Folio confirmed the identity.
    case active
    /// Folio ended the session.
    case expired

    public var wireType: String {
        switch self {
        case .device: "DEVICE"
        case .active: "ACTIVE"
        case .expired: "EXPIRED"
        }
    }
}
