import FolioAPI
import StoreKit

extension VaultService {
    /// The contracts of the stores this service hosts, by mount method.
    public static var storeContracts: [String: StoreContract] { VaultStore.publishedContract }
}
