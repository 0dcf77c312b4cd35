import Bus
import FolioClient
import FolioModel
import Foundation

extension VaultDocumentMethods {
    /// `attachment.getBytes` of a `docphoto.` reference: `{attachmentId: <the reference>, mediaType: <the photo's
    /// mimeType>, bytes}`. Refusals are `-32602` with `data` `"attachmentId: <why>"` as for any attachment (a
    /// malformed reference, one of an earlier session, no such photo, a refusal of Folio's, bytes that do not
    /// open); a Folio that cannot be reached or fails for now is ``retryable(_:)``.
    static func photoBytes(_ text: String, account: VaultAccount, documents: VaultDocuments, folio: FolioClient)
        async throws -> JSONValue
    {
        guard let reference = DocumentPhotoReference(text) else {
            throw JSONRPCError.invalidParams("attachmentId: \(text) is not a document photo reference")
        }
        do {
            let photo = try await documents.photo(reference, account: account, folio: folio)
            return [
                "attachmentId": .string(text), "mediaType": .string(photo.mediaType),
                "bytes": .string(Data(photo.bytes).base64EncodedString()),
            ]
        } catch let refusal as DocumentRefusal {
            throw JSONRPCError.invalidParams("attachmentId: \(refusal.message)")
        } catch let error as FolioVaultError where error.isRetryable {
            throw retryable(error)
        } catch let error as FolioVaultError where error.failure != nil {
            throw JSONRPCError.invalidParams("attachmentId: \(error.description)")
        } catch {
            throw JSONRPCError.invalidParams("attachmentId: \(VaultSync.vaultError(error).message)")
        }
    }
}
