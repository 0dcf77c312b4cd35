import Crypto
import FolioModel

extension InquiryStore {
    /// The idempotency key of a launch code's exchange: the store's and the code's (hashed, as a code typed by a
    /// person may hold anything a key may not), the same however often the store exchanges that code.
    static func exchangeKey(_ store: StoreID, code: String) -> String {
        let digest = SHA256.hash(Array(code.utf8)).prefix(16)
        return "\(store.rawValue)-launch-" + digest.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
