import Bus
import FolioModel
import WireModel

/// Published by the VaultService after every sync pass of an account's vault that succeeded (pushed and fetched
/// with no failure): the DocumentReceiver looks for issued documents of the account.
public struct VaultSynced: BusEvent {
    public static let name = "vault.synced"
    public static let summary = "A sync pass of an account's vault succeeded: {runtimeId?}, the runtime whose store ran it."
    public static let subjectBase = BusSubjects.eventKind("vaultsynced")
    public static let keyName: String? = "accountId"
    public static let schema = JSONSchema.object(["runtimeId": .string], required: [])

    public var accountID: String
    /// The runtime whose VaultStore ran the pass, when a store ran it.
    public var runtimeID: String?

    public init(accountID: String, runtimeID: String? = nil) {
        self.accountID = accountID
        self.runtimeID = runtimeID
    }

    public var subject: String { Self.subject(key: accountID) }

    public var payload: [UInt8] { Wire.object(["runtimeId": runtimeID.map(JSONValue.string)]).serialized() }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        accountID = Self.key(of: subject)
        guard !payload.isEmpty else { return }
        runtimeID = try Self.object(payload, fields: ["runtimeId"]).optionalString("runtimeId", .identifier)
    }
}

/// Published by the InquiryService when an inquiry on a runtime completes and Folio offers an issuance for the
/// holder it was launched for (`accountId`: the session identity's account or guest): the DocumentReceiver
/// follows the issuance until its document is in the vault.
public struct IssuanceOffered: BusEvent {
    public static let name = "inquiry.issuance"
    public static let summary =
        "An inquiry on a runtime completed and offers an issuance: {accountId, issuanceId, inquiryId}."
    public static let subjectBase = BusSubjects.eventKind("issuance")
    public static let keyName: String? = "runtimeId"
    public static let schema = JSONSchema.object(
        ["accountId": .string, "issuanceId": .string, "inquiryId": .string],
        required: ["accountId", "issuanceId", "inquiryId"])

    public var runtimeID: String
    /// The account (or guest) the inquiry was launched for: the holder of the issuance.
    public var accountID: String
    public var issuanceID: String
    public var inquiryID: String

    public init(runtimeID: String, accountID: String, issuanceID: String, inquiryID: String) {
        self.runtimeID = runtimeID
        self.accountID = accountID
        self.issuanceID = issuanceID
        self.inquiryID = inquiryID
    }

    public var subject: String { Self.subject(key: runtimeID) }

    public var payload: [UInt8] {
        Wire.object([
            "accountId": .string(accountID), "issuanceId": .string(issuanceID), "inquiryId": .string(inquiryID),
        ]).serialized()
    }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        let object = try Self.object(payload, fields: ["accountId", "issuanceId", "inquiryId"])
        runtimeID = Self.key(of: subject)
        accountID = try object.string("accountId", .identifier)
        issuanceID = try object.string("issuanceId", .identifier)
        inquiryID = try object.string("inquiryId", .identifier)
    }
}
