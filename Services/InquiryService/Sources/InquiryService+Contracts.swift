import FolioAPI
import StoreKit

extension InquiryService {
    /// The contracts of the stores this service hosts, by mount method.
    public static var storeContracts: [String: StoreContract] { InquiryStore.publishedContract }
}
