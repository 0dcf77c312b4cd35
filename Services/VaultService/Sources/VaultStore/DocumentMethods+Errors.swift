import Bus
import FolioClient
import FolioModel

extension VaultDocumentMethods {
    /// The JSON-RPC error of a failed document call:
    /// - a refusal (``DocumentRefusal``): `-32602` with `data` `{"type", "value": {"message"}}`;
    /// - Folio could not be reached or failed for now (a transport failure, a 5xx, a 429): ``retryable(_:)``;
    /// - another refusal of Folio's: `REFUSED_BY_FOLIO` with Folio's code;
    /// - a VaultError: as the identity-record methods answer it (`STORAGE` is `-32603`);
    /// - anything else: `-32603` with the VaultError `STORAGE`.
    static func rpcError(_ error: any Error) -> JSONRPCError {
        switch error {
        case let error as JSONRPCError: return error
        case let refusal as DocumentRefusal:
            return JSONRPCError(code: -32602, message: "Invalid params", data: refusal.json)
        case let error as FolioVaultError:
            if error.isRetryable { return retryable(error) }
            guard let failure = error.failure else {
                return .internalError("Folio's answer could not be used: \(error.description)")
            }
            return rpcError(DocumentRefusal.folioRefused(message: error.description, code: failure.rawCode))
        case let error as VaultError: return VaultIdentityRecordMethods.rpcError(error)
        default: return VaultIdentityRecordMethods.rpcError(.storage(message: String(describing: error)))
        }
    }

    /// Folio could not be reached or failed for now: the same call may succeed later. `SERVICE_UNAVAILABLE`
    /// (-32010) with `data.value` `{"detail", "retryable": true, "retryAfterSeconds"?}` (Folio's wait, when it
    /// named one).
    static func retryable(_ error: FolioVaultError) -> JSONRPCError {
        var value: JSONObject = ["retryable": true]
        if let seconds = error.underlying.retryAfterSeconds { value["retryAfterSeconds"] = .int(Int64(seconds)) }
        return .folio(.serviceUnavailable, "Folio is unavailable: \(error.description)", value: .object(value))
    }
}
