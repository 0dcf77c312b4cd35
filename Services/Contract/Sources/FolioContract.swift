import AuthService
import DocumentReceiver
import FolioAPI
import FolioModel
import InquiryService
import VaultService

/// The whole public contract: the OpenRPC document with the model and action schemas of every store the
/// services host, taken from the wire types that write and read them.
public enum FolioContract {
    /// Every hosted store's contract, by the name of its mount method.
    public static var stores: [String: StoreContract] {
        [
            FolioAPI.stores, AuthService.storeContracts, InquiryService.storeContracts, VaultService.storeContracts,
            DocumentReceiver.storeContracts,
        ].reduce(into: [:]) { all, contracts in
            all.merge(contracts) { own, _ in own }
        }
    }

    /// The OpenRPC document the Gateway serves.
    public static func document() -> JSONValue { OpenRPC.document(stores: stores) }
}
