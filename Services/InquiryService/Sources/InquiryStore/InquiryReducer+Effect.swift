import FolioModel
import Foundation
import StoreKit

extension InquiryReducer {
    /// What to do.
    public enum Effect: Codable, Equatable, Sendable {
        /// Asks the device's memory whether this launch code was exchanged here before, and reads the holder the
        /// runtime's session names now (answered by `launchCodeRecalled`).
        case recallLaunchCode(requestID: UInt64, launchCode: String)
        /// Exchanges the code with Folio, naming `holder` as the inquiry's holder (nil: none, and in effects
        /// snapshotted before holders were named), and verifies the window attestation.
        case exchangeLaunchCode(requestID: UInt64, launchCode: String, holder: InquiryHolder?)
        case recallSavedInquiry(requestID: UInt64, inquiryId: String?)
        case redeemHandoff(requestID: UInt64, code: String)
        /// Saves the inquiry on this device and makes it the current one; with the launch code that opened it.
        case rememberInquiry(requestID: UInt64, SavedInquiry, launchCode: String?)
        case forgetInquiry(inquiryId: String)
        case callFolio(requestID: UInt64, SavedInquiry, FolioInquiryRequest)
        /// Saves the choice as the runtime's SDK language.
        case saveLocale(requestID: UInt64, locale: String)
        /// Pauses before the step is read again.
        case wait(requestID: UInt64, milliseconds: Int64)
        /// Saves the verified identity of a passed government id step through the organization's mapper.
        case saveIdentity(requestID: UInt64, SavedInquiry, IdentitySaveRequest)
        /// Publishes IssuanceOffered for the store's runtime: the completed inquiry offers `issuanceId` to the
        /// account (or guest) it was launched for. Nothing answers it.
        case announceIssuance(accountId: String, issuanceId: String, inquiryId: String)
    }
}

extension InquiryReducer.Effect: RequestCorrelated {
    /// nil for `forgetInquiry`, which answers only when it fails (`inquiryNotForgotten`, without an id), and for
    /// `announceIssuance`, which nothing answers.
    public var requestID: UInt64? {
        switch self {
        case .recallLaunchCode(let requestID, _), .exchangeLaunchCode(let requestID, _, _),
            .recallSavedInquiry(let requestID, _), .redeemHandoff(let requestID, _),
            .rememberInquiry(let requestID, _, _), .callFolio(let requestID, _, _), .saveLocale(let requestID, _),
            .wait(let requestID, _), .saveIdentity(let requestID, _, _):
            requestID
        case .forgetInquiry, .announceIssuance:
            nil
        }
    }
}
