import Bus
import FolioAPI
import FolioModel
import ServiceKit

/// The issued-document methods of the VaultService, for the DocumentReceiver (docs/vault-store.md "Methods for
/// the DocumentReceiver"; not routed by the Gateway): the receiver cannot open anything, the vault holds the
/// keys. `vaultinternal.receiveIssuedDocument` accepts an issued invite and stores its record,
/// `vaultinternal.documents` answers the documents of the runtime's vault with their bodies opened.
enum VaultDocumentMethods {
    static let runtimeID = RPCParam("runtimeId", .string, summary: "The runtime whose session holds the vault.")

    static let receive = RPCMethodSpec(
        "vaultinternal.receiveIssuedDocument",
        summary:
            "Accepts the invite of an issued document for the runtime's account (never an ordinary share), fetches the vault so that its record is stored, and answers the record's local id (services only): {recordId}.",
        params: [
            runtimeID,
            RPCParam(
                "accountId", .string,
                summary:
                    "The account the caller receives for; refused (IDENTITY_CHANGED) when the session now holds another."
            ),
            RPCParam("inviteId", .string, summary: "The invite (shr_…) that carries an issuance id."),
        ],
        result: RPCResultDescriptor("received", .object(["recordId": .string], required: ["recordId"])),
        errors: [.folio(.runtimeShutDown), .invalidParams("inviteId"), .folio(.serviceUnavailable)],
        execution: .detached)

    static let document = JSONSchema.object(
        [
            "id": .string, "body": JSONSchema(["type": "object"]).described("The opened body (FolioDigitalDocument)."),
            "revokedAt": .integer.described("Seconds since the Unix epoch; absent while not revoked."),
            "photos": JSONSchema(["type": "object", "additionalProperties": ["type": "string"]]).described(
                "The reference of each PHOTO field's image for attachment.getBytes, by its attachmentId."),
        ], required: ["id", "body", "photos"])

    static let documents = RPCMethodSpec(
        "vaultinternal.documents",
        summary:
            "The active records of the schema digital of the runtime's vault, bodies opened, with session-scoped photo references; those that do not open apart (services only): {accountId, documents, unreadable}.",
        params: [
            runtimeID,
            RPCParam(
                "id", .string, required: false,
                summary: "Only this record (local or Folio's id); none when it is not a document."),
        ],
        result: RPCResultDescriptor(
            "documents",
            .object(
                [
                    "accountId": .string, "documents": .array(document),
                    "unreadable": .array(.object(["id": .string, "reason": .string], required: ["id", "reason"])),
                ], required: ["accountId", "documents", "unreadable"])),
        errors: [.folio(.runtimeShutDown)])

    static func methods(_ dependencies: VaultServices) -> [RPCMethod] {
        let database = dependencies.context.database
        let documents = VaultDocuments(database: dependencies.sync.store.database)
        return methods(
            receipt: IssuedDocumentReceipt(
                sync: dependencies.sync, documents: documents, transport: dependencies.context.transport),
            documents: documents
        ) { runtimeID in try await VaultAccount.ofRuntime(runtimeID, database: database) }
    }

    /// `account` reads the account whose vault the runtime's session holds (nil: none).
    static func methods(
        receipt: IssuedDocumentReceipt, documents reader: VaultDocuments,
        account: @escaping @Sendable (String) async throws -> VaultAccount?
    ) -> [RPCMethod] {
        @Sendable func vault(_ call: RPCCall) async throws -> VaultAccount {
            let runtimeID = try call.string("runtimeId")
            guard let found = try await account(runtimeID) else {
                throw JSONRPCError.folio(
                    .runtimeShutDown, "runtime \(runtimeID) is shut down or its session holds no vault")
            }
            return found
        }
        return [
            receive.handled { call in
                let owner = try await vault(call)
                let accountID = try call.string("accountId")
                let inviteID = try call.string("inviteId")
                do {
                    guard owner.id == accountID else {
                        throw DocumentRefusal.identityChanged(
                            message:
                                "the session's identity changed: runtime \(try call.string("runtimeId")) no longer holds \(accountID)"
                        )
                    }
                    return ["recordId": .string(try await receipt.receive(inviteID: inviteID, account: owner))]
                } catch {
                    throw rpcError(error)
                }
            },
            documents.handled { call in
                let owner = try await vault(call)
                do {
                    let tag = try DocumentPhotoReference.sessionTag(of: owner, kek: reader.database.keyEncryptionKey)
                    let listed = try await reader.list(account: owner.id, id: try call.optionalString("id"))
                    return [
                        "accountId": .string(owner.id),
                        "documents": .array(listed.documents.map { json($0, sessionTag: tag) }),
                        "unreadable": .array(
                            listed.unreadable.map { ["id": .string($0.id), "reason": .string($0.reason)] }),
                    ]
                } catch {
                    throw rpcError(error)
                }
            },
        ]
    }

    /// A document in its wire shape, its photos as references of the session `sessionTag` names.
    static func json(_ document: VaultDocuments.Document, sessionTag: String) -> JSONValue {
        var photos: JSONObject = [:]
        for attachmentID in document.photos.keys {
            photos[attachmentID] = .string(
                DocumentPhotoReference(sessionTag: sessionTag, recordID: document.id, attachmentID: attachmentID).text)
        }
        var members: JSONObject = [
            "id": .string(document.id), "body": .object(document.body), "photos": .object(photos),
        ]
        if let revokedAt = document.revokedAt { members["revokedAt"] = .int(revokedAt) }
        return .object(members)
    }
}
