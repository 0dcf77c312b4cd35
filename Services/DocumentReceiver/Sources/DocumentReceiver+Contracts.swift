import FolioAPI
import StoreKit

extension DocumentReceiver {
    /// The contracts of the stores this service hosts, by mount method.
    public static var storeContracts: [String: StoreContract] {
        FolioDocumentListStore.publishedContract.merging(FolioDocumentStore.publishedContract) { own, _ in own }
    }
}
