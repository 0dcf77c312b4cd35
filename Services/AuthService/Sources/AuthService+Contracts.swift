import FolioAPI
import StoreKit

extension AuthService {
    /// The contracts of the stores this service hosts, by mount method.
    public static var storeContracts: [String: StoreContract] {
        AuthStore.publishedContract.merging(SessionStore.publishedContract) { own, _ in own }
    }
}
