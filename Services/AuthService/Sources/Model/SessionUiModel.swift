import Bus
import FolioModel
import WireModel

/// The state of SessionStore: who the session is and how sure the SDK is of it (DESIGN §3, Sessions).
/// Wire: `{identity, status}`.
public struct SessionUiModel: WireValue, WireDescribed {
    public var identity: SessionIdentity
    public var status: SessionStatus

    public init(identity: SessionIdentity, status: SessionStatus) {
        self.identity = identity
        self.status = status
    }

    public var json: JSONValue { ["identity": identity.json, "status": status.json] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["identity": SessionIdentity.ref, "status": SessionStatus.ref], required: ["identity", "status"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["identity", "status"])
        self.init(identity: try object.value("identity"), status: try object.value("status"))
    }
}

/// What a client dispatches to SessionStore. Wire: `{type: 'SIGN_OUT'}`. Signing in goes through AuthStore.
public enum SessionAction: WirePlainEnum {
    /// Ends the session and returns to a fresh transient identity.
    case signOut

    public var wireType: String {
        switch self {
        case .signOut: "SIGN_OUT"
        }
    }
}
