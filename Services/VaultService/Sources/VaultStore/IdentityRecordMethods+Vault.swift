import Bus
import FolioAPI
import FolioModel
import Foundation
import ServiceKit
import WireModel

/// The identity-record methods of the VaultService, for the InquiryService (spec identity-records.md; not
/// routed by the Gateway): `vaultinternal.identityRecord` finds the record saved before for a document's
/// fingerprint, `vaultinternal.saveIdentityRecord` saves the mapper's body with the verification files as the
/// record's attachments, once per save id.
enum VaultIdentityRecordMethods {
    static let runtimeID = RPCParam("runtimeId", .string, summary: "The runtime whose session holds the vault.")
    static let fingerprint = RPCParam(
        "fingerprint", .string,
        summary:
            "The document's fingerprint (documentNumber without whitespace and hyphens, uppercased, and the trimmed birthdate)."
    )
    static let content = JSONSchema.object(
        ["schema": .string, "version": .integer, "payload": .string], required: ["schema", "version", "payload"])

    static let lookup = RPCMethodSpec(
        "vaultinternal.identityRecord",
        summary:
            "The active record of the runtime's vault saved for this fingerprint, with its body, or null (services only): {record}.",
        params: [runtimeID, fingerprint],
        result: RPCResultDescriptor(
            "identityRecord",
            .object(
                [
                    "record": .nullable(
                        .object(["recordId": .string, "content": content], required: ["recordId", "content"]))
                ], required: ["record"])),
        errors: [.folio(.runtimeShutDown), .invalidParams("fingerprint")])

    static let save = RPCMethodSpec(
        "vaultinternal.saveIdentityRecord",
        summary:
            "Creates or updates an identity record with the verification files as its attachments, in one transaction, once per saveId (services only): {recordId, attachmentIds}.",
        params: [
            runtimeID,
            RPCParam(
                "saveId", .string, summary: "The caller's id of this save; a retry with it returns the first answer."),
            fingerprint,
            RPCParam("recordId", .string, required: false, summary: "The record to update; absent to create one."),
            RPCParam("content", content, summary: "The record's body: {schema, version, payload}."),
            RPCParam(
                "files",
                .array(
                    .object(
                        ["attachmentId": .string, "mediaType": .string, "bytes": .string],
                        required: ["attachmentId", "mediaType", "bytes"])),
                summary: "At most 16, each stored under its attachmentId (AT_ and 26 of a-z 2-7), bytes in base64."),
        ],
        result: RPCResultDescriptor(
            "saved",
            .object(
                ["recordId": .string, "attachmentIds": .array(.string)], required: ["recordId", "attachmentIds"])),
        errors: [.folio(.runtimeShutDown), .invalidParams("content")])

    static func methods(_ dependencies: VaultServices, identityRecords: VaultIdentityRecords) -> [RPCMethod] {
        let database = dependencies.context.database
        return methods(identityRecords: identityRecords, transport: dependencies.context.transport) { runtimeID in
            try await VaultAccount.ofRuntime(runtimeID, database: database)
        }
    }

    /// `account` reads the account whose vault the runtime's session holds (nil: none).
    static func methods(
        identityRecords: VaultIdentityRecords, transport: any BusTransport,
        account: @escaping @Sendable (String) async throws -> VaultAccount?
    ) -> [RPCMethod] {
        @Sendable func vault(_ call: RPCCall) async throws -> VaultAccount {
            let runtimeID = try call.string("runtimeId")
            guard let found = try await account(runtimeID) else { throw NoVault(runtimeID: runtimeID) }
            return found
        }
        return [
            lookup.handled { call in
                let owner = try await vault(call)
                let fingerprint = try call.string("fingerprint")
                do throws(VaultError) {
                    let found = try await identityRecords.record(account: owner.id, fingerprint: fingerprint)
                    guard let found else { return ["record": .null] }
                    return ["record": ["recordId": .string(found.recordID), "content": found.content.json]]
                } catch {
                    throw rpcError(error)
                }
            },
            save.handled { call in
                let owner = try await vault(call)
                let runtimeID = try call.string("runtimeId")
                let request = IdentityRecordSave(
                    saveID: try call.string("saveId"), fingerprint: try call.string("fingerprint"),
                    recordID: try call.optionalString("recordId"), content: try content(call), files: try files(call))
                do throws(VaultError) {
                    let outcome = try await identityRecords.saved(request, account: owner.id, session: owner.kind)
                    if let entry = outcome.written {
                        // As for an added attachment: the stores of the account read the record again, and those
                        // of the runtime push it through their reducer.
                        if let movedTo = outcome.movedTo {
                            await VaultChanges.announce(account: owner.id, transport: transport)
                            await VaultChanges.announce(account: movedTo, pushedBy: runtimeID, transport: transport)
                        } else {
                            await VaultChanges.announce(
                                account: owner.id, entries: [entry], pushedBy: runtimeID, transport: transport)
                        }
                    }
                    return [
                        "recordId": .string(outcome.saved.recordID),
                        "attachmentIds": .array(outcome.saved.attachmentIDs.map(JSONValue.string)),
                    ]
                } catch {
                    throw rpcError(error)
                }
            },
        ]
    }

    private static func content(_ call: RPCCall) throws(JSONRPCError) -> RecordContent {
        do {
            return try RecordContent(json: call.value("content") ?? .null, path: "content")
        } catch {
            throw .invalidParams("\(error)")
        }
    }

    private static func files(_ call: RPCCall) throws(JSONRPCError) -> [IdentityRecordSave.File] {
        guard let items = call.value("files")?.arrayValue else { throw .invalidParams("files must be an array") }
        var files: [IdentityRecordSave.File] = []
        for (index, item) in items.enumerated() {
            guard let id = item["attachmentId"]?.stringValue, let mediaType = item["mediaType"]?.stringValue,
                let text = item["bytes"]?.stringValue
            else { throw .invalidParams("files[\(index)] must be {attachmentId, mediaType, bytes} of strings") }
            guard let bytes = Data(base64Encoded: text) else {
                throw .invalidParams("files[\(index)].bytes must be base64")
            }
            files.append(IdentityRecordSave.File(attachmentID: id, mediaType: mediaType, bytes: Array(bytes)))
        }
        return files
    }

    /// A refusal by the vault's rules is `-32602` and a storage failure `-32603`; `data` is the VaultError in
    /// its wire shape (`{"type": "SCHEMA_MISMATCH", "value": {"message": …}}`).
    static func rpcError(_ error: VaultError) -> JSONRPCError {
        if case .storage = error { return JSONRPCError(code: -32603, message: "Internal error", data: error.json) }
        return JSONRPCError(code: -32602, message: "Invalid params", data: error.json)
    }
}

/// The runtime's session holds no vault: the runtime is unknown or shut down, or its session names no account.
/// Wire: `RUNTIME_SHUT_DOWN` (-32002) with `data.reason` `NO_VAULT`.
struct NoVault: Error, RPCErrorConvertible {
    let runtimeID: String

    var rpcError: JSONRPCError {
        JSONRPCError(
            code: FolioErrorCode.runtimeShutDown.rawValue, message: FolioErrorCode.runtimeShutDown.message,
            data: [
                "type": .string(FolioErrorCode.runtimeShutDown.typeName), "reason": "NO_VAULT",
                "value": ["detail": .string("the session of runtime \(runtimeID) holds no vault")],
            ])
    }
}
