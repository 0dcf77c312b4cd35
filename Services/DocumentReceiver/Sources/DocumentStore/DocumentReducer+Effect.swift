import StoreKit

extension DocumentReducer {
    /// What FolioDocumentStore asks for.
    public enum Effect: Sendable, Codable, Equatable {
        /// Reads the record `documentID` of the session's vault and projects it.
        case read(requestID: UInt64, documentID: String)
        /// Logs a failed read as a warning naming the target documents.
        case warnReadFailed(documentID: String, message: String)
    }
}

extension DocumentReducer.Effect: RequestCorrelated {
    public var requestID: UInt64? {
        switch self {
        case .read(let requestID, _): requestID
        case .warnReadFailed: nil
        }
    }
}
