import Bus
import FolioModel
import Foundation
import WireModel

/// The VaultService's internal methods for identity records (docs/vault-store.md "Identity records"), over the
/// bus: the record saved before for a document, and the save itself.
public struct VaultIdentityRecords: Sendable {
    /// A file to store as an attachment of the record, under the id the identity names it by.
    struct File: Sendable {
        var attachmentId: String
        var mediaType: String
        var bytes: [UInt8]
    }

    let bus: BusClient

    public init(bus: BusClient) {
        self.bus = bus
    }

    /// The record saved before for `fingerprint` in the vault of the runtime's session; InvalidState when the
    /// session holds no vault.
    func record(runtimeID: String, fingerprint: String) async throws(InquiryError) -> (
        recordId: String, content: RecordContent
    )? {
        let result = try await call(
            "vaultinternal.identityRecord", ["runtimeId": .string(runtimeID), "fingerprint": .string(fingerprint)])
        guard let record = result["record"], record != .null else { return nil }
        do {
            let fields = try WireObject(record, path: "record", fields: ["recordId", "content"])
            return (try fields.text("recordId"), try fields.value("content"))
        } catch {
            throw .invalidState(message: "the vault answered a record the store cannot read: \(error)")
        }
    }

    /// Creates the record (or updates `recordId`) with `content` and the files as its attachments; the same
    /// `saveId` saves once.
    func save(
        runtimeID: String, saveId: String, fingerprint: String, recordId: String?, content: RecordContent,
        files: [File]
    ) async throws(InquiryError) -> String {
        let params = Wire.object([
            "runtimeId": .string(runtimeID), "saveId": .string(saveId), "fingerprint": .string(fingerprint),
            "recordId": recordId.map(JSONValue.string), "content": content.json,
            "files": .array(
                files.map {
                    [
                        "attachmentId": .string($0.attachmentId), "mediaType": .string($0.mediaType),
                        "bytes": .string(Data($0.bytes).base64EncodedString()),
                    ]
                }),
        ])
        let result = try await call("vaultinternal.saveIdentityRecord", params)
        guard let id = result["recordId"]?.stringValue else {
            throw .invalidState(message: "the vault's save answered no recordId")
        }
        return id
    }

    private func call(_ method: String, _ params: JSONValue) async throws(InquiryError) -> JSONValue {
        do {
            return try await bus.call(BusSubjects.internalRPC("vault"), method, params, timeout: .seconds(30))
        } catch let error as JSONRPCError {
            if error.data?["reason"] == "NO_VAULT" {
                throw .invalidState(message: "the session holds no vault to save the identity in")
            }
            throw .invalidState(message: "the vault refused the identity record: \(error.message)")
        } catch {
            throw .network(message: "the vault could not be reached: \(error)")
        }
    }
}
