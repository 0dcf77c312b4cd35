import FolioModel

/// The server-error codes (-32000...-32099) this system uses on the wire. Each carries `data` in the
/// `{type, value}` shape with the same name, so clients switch on `data.type`.
public enum FolioErrorCode: Int, Sendable, CaseIterable {
    case storeClosed = -32001
    case runtimeShutDown = -32002
    case unknownStore = -32003
    case unauthorized = -32004
    case rateLimited = -32005
    case payloadTooLarge = -32006
    case serviceUnavailable = -32010
    case busTimeout = -32011
    case databaseUnavailable = -32012

    public var typeName: String {
        switch self {
        case .storeClosed: "STORE_CLOSED"
        case .runtimeShutDown: "RUNTIME_SHUT_DOWN"
        case .unknownStore: "UNKNOWN_STORE"
        case .unauthorized: "UNAUTHORIZED"
        case .rateLimited: "RATE_LIMITED"
        case .payloadTooLarge: "PAYLOAD_TOO_LARGE"
        case .serviceUnavailable: "SERVICE_UNAVAILABLE"
        case .busTimeout: "BUS_TIMEOUT"
        case .databaseUnavailable: "DATABASE_UNAVAILABLE"
        }
    }

    public var message: String {
        switch self {
        case .storeClosed: "Store closed"
        case .runtimeShutDown: "Runtime shut down"
        case .unknownStore: "Unknown store"
        case .unauthorized: "Unauthorized"
        case .rateLimited: "Rate limited"
        case .payloadTooLarge: "Payload too large"
        case .serviceUnavailable: "Service unavailable"
        case .busTimeout: "Bus timeout"
        case .databaseUnavailable: "Database unavailable"
        }
    }
}

extension JSONRPCError {
    public static func folio(_ code: FolioErrorCode, _ detail: String? = nil, value: JSONValue? = nil) -> JSONRPCError {
        var data: JSONObject = ["type": .string(code.typeName)]
        var payload = value?.objectValue ?? [:]
        if let detail { payload["detail"] = .string(detail) }
        if !payload.isEmpty { data["value"] = .object(payload) }
        return JSONRPCError(code: code.rawValue, message: code.message, data: .object(data))
    }

    public var folioCode: FolioErrorCode? { FolioErrorCode(rawValue: code) }
}
