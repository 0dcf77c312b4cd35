import WireModel

/// The kind of sensitive operation a verification is bound to (spec "Verification"). Wire:
/// `{type: 'DELETE_ACCOUNT'}`.
public enum VerificationOperationType: WirePlainEnum {
    case deleteAccount
    case changePassword
    case changeEmail
    case changePhone
    case exportData
    case shareDocument
    case deleteDocument
    case managePasskeys

    public var wireType: String {
        switch self {
        case .deleteAccount: "DELETE_ACCOUNT"
        case .changePassword: "CHANGE_PASSWORD"
        case .changeEmail: "CHANGE_EMAIL"
        case .changePhone: "CHANGE_PHONE"
        case .exportData: "EXPORT_DATA"
        case .shareDocument: "SHARE_DOCUMENT"
        case .deleteDocument: "DELETE_DOCUMENT"
        case .managePasskeys: "MANAGE_PASSKEYS"
        }
    }
}
