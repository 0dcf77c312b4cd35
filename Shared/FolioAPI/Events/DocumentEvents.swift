import Bus
import FolioModel
import WireModel

/// Published by the VaultService after every sync pass of an account's vault that succeeded (pushed and fetched
/// with no failure): the DocumentReceiver looks for issued documents of the account.
public struct VaultSynced: BusEvent {
    public static let name = "vault.synced"
    public static let summary =
        "A sync pass of an account's vault succeeded: {runtimeId?}, the runtime whose store ran it."
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

/// Published by the DocumentReceiver when a reception pass for an account starts and when it ends: every list
/// store of a runtime whose session holds the account shows it (docs/documents.md, "Reception").
public struct DocumentReceptionChanged: BusEvent {
    public static let name = "documents.reception"
    public static let summary =
        "A reception pass for an account started or ended: {stage, trigger, runtimeId?, outcome?, received?, notIssued?}."
    public static let subjectBase = BusSubjects.eventKind("reception")
    public static let keyName: String? = "accountId"
    public static let schema = JSONSchema.object(
        [
            "stage": .enumeration(["STARTED", "ENDED"]),
            "trigger": .enumeration(["REFRESH", "RETRY", "INQUIRY_OFFER", "AUTOMATIC"]),
            "runtimeId": JSONSchema.string.described("The runtime that asked for the pass (Refresh, Retry, an offer)."),
            "outcome": .enumeration(["NOTHING_PENDING", "ON_ITS_WAY", "FAILED"]),
            "received": .array(.object(["runtimeId": .string, "id": .string], required: ["runtimeId", "id"])),
            "notIssued": .array(
                .object(["runtimeId": .string, "declined": .boolean], required: ["runtimeId", "declined"])),
        ],
        required: ["stage", "trigger"])

    public enum Stage: String, Sendable, Hashable {
        case started = "STARTED"
        case ended = "ENDED"
    }

    public enum Trigger: String, Sendable, Hashable {
        case refresh = "REFRESH"
        case retry = "RETRY"
        case inquiryOffer = "INQUIRY_OFFER"
        case automatic = "AUTOMATIC"
    }

    public enum Outcome: String, Sendable, Hashable {
        /// Nothing is on its way to the account.
        case nothingPending = "NOTHING_PENDING"
        /// A document is on its way (the issuer decides, or the document travels).
        case onItsWay = "ON_ITS_WAY"
        /// The pass could not reach Folio or the vault.
        case failed = "FAILED"
    }

    /// A document an inquiry on `runtimeID` issued, now in the vault.
    public struct Received: Sendable, Hashable {
        public var runtimeID: String
        public var id: String
        public init(runtimeID: String, id: String) {
            self.runtimeID = runtimeID
            self.id = id
        }
    }

    /// An issuance an inquiry on `runtimeID` offered that the issuer declined or could not issue.
    public struct NotIssued: Sendable, Hashable {
        public var runtimeID: String
        public var declined: Bool
        public init(runtimeID: String, declined: Bool) {
            self.runtimeID = runtimeID
            self.declined = declined
        }
    }

    public var accountID: String
    public var stage: Stage
    public var trigger: Trigger
    /// The runtime that asked for the pass: the origin of Refresh, Retry or an inquiry's offer.
    public var runtimeID: String?
    public var outcome: Outcome?
    public var received: [Received]
    public var notIssued: [NotIssued]

    public init(
        accountID: String, stage: Stage, trigger: Trigger, runtimeID: String? = nil, outcome: Outcome? = nil,
        received: [Received] = [], notIssued: [NotIssued] = []
    ) {
        self.accountID = accountID
        self.stage = stage
        self.trigger = trigger
        self.runtimeID = runtimeID
        self.outcome = outcome
        self.received = received
        self.notIssued = notIssued
    }

    public var subject: String { Self.subject(key: accountID) }

    public var payload: [UInt8] {
        Wire.object([
            "stage": .string(stage.rawValue), "trigger": .string(trigger.rawValue),
            "runtimeId": runtimeID.map(JSONValue.string), "outcome": outcome.map { .string($0.rawValue) },
            "received": received.isEmpty
                ? nil : .array(received.map { ["runtimeId": .string($0.runtimeID), "id": .string($0.id)] }),
            "notIssued": notIssued.isEmpty
                ? nil
                : .array(notIssued.map { ["runtimeId": .string($0.runtimeID), "declined": .bool($0.declined)] }),
        ]).serialized()
    }

    public init(payload: [UInt8], subject: String) throws(WireDecodingError) {
        let object = try Self.object(
            payload, fields: ["stage", "trigger", "runtimeId", "outcome", "received", "notIssued"])
        accountID = Self.key(of: subject)
        stage = try Self.member(object, "stage", Stage.init(rawValue:))
        trigger = try Self.member(object, "trigger", Trigger.init(rawValue:))
        runtimeID = try object.optionalString("runtimeId", .identifier)
        outcome = try object.optionalString("outcome", .identifier).map { text throws(WireDecodingError) in
            guard let outcome = Outcome(rawValue: text) else {
                throw .wrongType(object.path("outcome"), expected: "NOTHING_PENDING, ON_ITS_WAY or FAILED")
            }
            return outcome
        }
        received = []
        for (index, item) in (object.optional("received")?.arrayValue ?? []).enumerated() {
            let entry = try WireObject(item, path: "\(object.path("received"))[\(index)]", fields: ["runtimeId", "id"])
            received.append(
                Received(runtimeID: try entry.string("runtimeId", .identifier), id: try entry.string("id", .identifier))
            )
        }
        notIssued = []
        for (index, item) in (object.optional("notIssued")?.arrayValue ?? []).enumerated() {
            let entry = try WireObject(
                item, path: "\(object.path("notIssued"))[\(index)]", fields: ["runtimeId", "declined"])
            notIssued.append(
                NotIssued(runtimeID: try entry.string("runtimeId", .identifier), declined: try entry.bool("declined")))
        }
    }

    private static func member<Value>(
        _ object: WireObject, _ name: String, _ make: (String) -> Value?
    ) throws(WireDecodingError) -> Value {
        guard let value = make(try object.string(name, .identifier)) else {
            throw .wrongType(object.path(name), expected: "one of the values of docs/bus.md")
        }
        return value
    }
}
