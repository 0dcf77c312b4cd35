import Bus
import FolioAPI
import FolioClient
import FolioModel
import Foundation
import Postgres
import ServiceKit

/// The attachment methods of the VaultService: `attachment.getBytes` for clients and services, and
/// `vaultinternal.addAttachment` for the services that save artifacts (on `folio.vault.internal`, which the
/// Gateway may not publish to).
enum VaultAttachmentMethods {
    static let add = RPCMethodSpec(
        "vaultinternal.addAttachment",
        summary: "Adds an attachment to a record of the runtime's vault (services only): {attachmentId}.",
        params: [
            RPCParam("runtimeId", .string, summary: "The runtime whose session holds the vault."),
            RPCParam("recordId", .string, summary: "The record the attachment belongs to."),
            RPCParam("mediaType", .string, summary: "Such as image/jpeg."),
            RPCParam("bytes", .string, summary: "The bytes, base64 (RFC 4648)."),
        ],
        result: RPCResultDescriptor("attachment", .object(["attachmentId": .string], required: ["attachmentId"])))

    /// `attachment.getBytes`, on `folio.vault.rpc` for clients (through the Gateway) and services.
    static func getBytes(_ dependencies: VaultServices, attachments: VaultAttachments) -> RPCMethod {
        let database = dependencies.context.database
        return getBytes(
            attachments: attachments, documents: VaultDocuments(database: attachments.database),
            folio: dependencies.context.folio
        ) { runtimeID in try await VaultAccount.ofRuntime(runtimeID, database: database) }
    }

    /// `attachment.getBytes`: an attachment of the vault, or the photo of an issued document that a
    /// `docphoto.` reference names (DocumentMethods+Photo.swift). `account` reads the account whose vault
    /// the runtime's session holds (nil: none).
    static func getBytes(
        attachments: VaultAttachments, documents: VaultDocuments, folio: FolioClient,
        account: @escaping @Sendable (String) async throws -> VaultAccount?
    ) -> RPCMethod {
        AttachmentMethods.getBytes.handled { call in
            guard let owner = try await account(try call.string("runtimeId")) else {
                throw JSONRPCError.folio(.runtimeShutDown)
            }
            let id = try call.string("attachmentId")
            if DocumentPhotoReference.isReference(id) {
                return try await VaultDocumentMethods.photoBytes(id, account: owner, documents: documents, folio: folio)
            }
            do {
                let found = try await attachments.bytes(account: owner.id, id: id)
                return [
                    "attachmentId": .string(id), "mediaType": .string(found.mediaType),
                    "bytes": .string(Data(found.bytes).base64EncodedString()),
                ]
            } catch {
                throw JSONRPCError.invalidParams("attachmentId: \(VaultSync.vaultError(error).message)")
            }
        }
    }

    /// `vaultinternal.addAttachment`, on `folio.vault.internal` for the services that save artifacts.
    static func add(_ dependencies: VaultServices, attachments: VaultAttachments) -> RPCMethod {
        let database = dependencies.context.database
        return add.handled { call in
            let owner = try await account(call, database: database)
            guard let bytes = Data(base64Encoded: try call.string("bytes")) else {
                throw JSONRPCError.invalidParams("bytes must be base64")
            }
            do {
                let added = try await attachments.added(
                    account: owner.id, recordID: try call.string("recordId"),
                    mediaType: try call.string("mediaType"),
                    bytes: Array(bytes))
                // The stores of the account read the record again; those of the runtime push the new bytes
                // through their reducer (a background pass, so busy and the sync phase show it).
                await VaultChanges.announce(
                    account: owner.id, entries: [added.entry], pushedBy: try call.string("runtimeId"),
                    transport: dependencies.context.transport)
                return ["attachmentId": .string(added.id)]
            } catch {
                throw JSONRPCError.invalidParams(VaultSync.vaultError(error).message)
            }
        }
    }

    private static func account(_ call: RPCCall, database: PostgresPool) async throws -> VaultAccount {
        guard let account = try await VaultAccount.ofRuntime(try call.string("runtimeId"), database: database)
        else { throw JSONRPCError.folio(.runtimeShutDown) }
        return account
    }
}
