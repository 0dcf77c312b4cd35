import Bus
import FolioModel
import WireModel

/// Why a vault action failed (spec "Errors"). Payload fields are strings. Wire: `{type: 'NOT_FOUND', value:
/// {message}}`, `{type: 'TRANSIENT_NOT_SUPPORTED'}`.
public enum VaultError: WireValue, WireDescribed, Error {
    /// The schema name breaks the rule (VaultSchema) or is reserved (`digital`).
    case unknownSchema(message: String)
    /// A payload that is not JSON, or a stored body that cannot be decoded.
    case codec(message: String)
    case permissionDenied(message: String)
    case schemaMismatch(message: String)
    case invalidRequest(message: String)
    case notFound(message: String)
    /// A settings change of the record has not reached Folio yet: sync, then retry.
    case revisionConflict(message: String)
    /// A folder change in a signed-in session while Folio cannot be reached.
    case offlineFolderOpNotSupported
    /// The network status cannot be read, or Folio refused the call for a reason of its own.
    case upstreamUnavailable(message: String)
    /// Sync, ResolveConflict and Share need a signed-in session.
    case transientNotSupported
    /// Folio could not be reached.
    case network(message: String)
    /// The vault's own storage failed, or a stored ciphertext does not open (tampered or damaged).
    case storage(message: String)

    public var json: JSONValue {
        switch self {
        case .offlineFolderOpNotSupported: Wire.tagged("OFFLINE_FOLDER_OP_NOT_SUPPORTED")
        case .transientNotSupported: Wire.tagged("TRANSIENT_NOT_SUPPORTED")
        default: Wire.tagged(wireType, ["message": .string(message)])
        }
    }

    public static var wireSchema: JSONSchema {
        let message = JSONSchema.closedObject(["message": .string], required: ["message"])
        return .tagged([
            "UNKNOWN_SCHEMA": message, "CODEC": message, "PERMISSION_DENIED": message, "SCHEMA_MISMATCH": message,
            "INVALID_REQUEST": message, "NOT_FOUND": message, "REVISION_CONFLICT": message,
            "OFFLINE_FOLDER_OP_NOT_SUPPORTED": nil, "UPSTREAM_UNAVAILABLE": message, "TRANSIENT_NOT_SUPPORTED": nil,
            "NETWORK": message, "STORAGE": message,
        ])
    }

    /// The SCREAMING_SNAKE name of the case.
    public var wireType: String {
        switch self {
        case .unknownSchema: "UNKNOWN_SCHEMA"
        case .codec: "CODEC"
        case .permissionDenied: "PERMISSION_DENIED"
        case .schemaMismatch: "SCHEMA_MISMATCH"
        case .invalidRequest: "INVALID_REQUEST"
        case .notFound: "NOT_FOUND"
        case .revisionConflict: "REVISION_CONFLICT"
        case .offlineFolderOpNotSupported: "OFFLINE_FOLDER_OP_NOT_SUPPORTED"
        case .upstreamUnavailable: "UPSTREAM_UNAVAILABLE"
        case .transientNotSupported: "TRANSIENT_NOT_SUPPORTED"
        case .network: "NETWORK"
        case .storage: "STORAGE"
        }
    }

    /// The case's message; for a case without one, an English sentence for logs.
    public var message: String {
        switch self {
        case .unknownSchema(let message), .codec(let message), .permissionDenied(let message),
            .schemaMismatch(let message), .invalidRequest(let message), .notFound(let message),
            .revisionConflict(let message), .upstreamUnavailable(let message), .network(let message),
            .storage(let message):
            message
        case .offlineFolderOpNotSupported: "folder changes need a connection to Folio in a signed-in session"
        case .transientNotSupported: "this needs a signed-in session"
        }
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "OFFLINE_FOLDER_OP_NOT_SUPPORTED":
            try tagged.noFields()
            self = .offlineFolderOpNotSupported
        case "TRANSIENT_NOT_SUPPORTED":
            try tagged.noFields()
            self = .transientNotSupported
        default:
            let cases: [String: (String) -> VaultError] = [
                "UNKNOWN_SCHEMA": VaultError.unknownSchema, "CODEC": VaultError.codec,
                "PERMISSION_DENIED": VaultError.permissionDenied, "SCHEMA_MISMATCH": VaultError.schemaMismatch,
                "INVALID_REQUEST": VaultError.invalidRequest, "NOT_FOUND": VaultError.notFound,
                "REVISION_CONFLICT": VaultError.revisionConflict,
                "UPSTREAM_UNAVAILABLE": VaultError.upstreamUnavailable, "NETWORK": VaultError.network,
                "STORAGE": VaultError.storage,
            ]
            guard let make = cases[tagged.type] else {
                throw tagged.unknownType(
                    ["OFFLINE_FOLDER_OP_NOT_SUPPORTED", "TRANSIENT_NOT_SUPPORTED"] + cases.keys.sorted())
            }
            self = make(try tagged.fields(["message"]).string("message", .modelText))
        }
    }
}

/// The error of the last failed action (spec "Errors"): `details` is the VaultError; `message` the text to
/// show. Wire: `{details, message}`.
public struct VaultErrorView: WireValue, WireDescribed {
    public var details: VaultError
    public var message: String

    public init(_ details: VaultError) {
        self.details = details
        self.message = details.message
    }

    public var json: JSONValue { ["details": details.json, "message": .string(message)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["details": VaultError.ref, "message": JSONSchema.string.described("The text to show.")],
            required: ["details", "message"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["details", "message"])
        details = try object.value("details")
        message = try object.string("message", .modelText)
    }
}
