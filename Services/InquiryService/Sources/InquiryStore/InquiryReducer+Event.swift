import FolioModel
import Foundation
import StoreKit

extension InquiryReducer {
    /// What happened.
    public enum Event: Sendable, Equatable {
        /// A client's action, with the time it arrived (for "today" of date fields).
        case actionReceived(InquiryAction, at: Date)
        /// The device's memory answered whether this launch code was exchanged here before, and the runtime's
        /// session named the holder a launch names now (nil: none).
        case launchCodeRecalled(requestID: UInt64, SavedInquiry?, holder: InquiryHolder?)
        /// The device's memory answered with the saved inquiry a same-device resume names.
        case savedInquiryRecalled(requestID: UInt64, SavedInquiry?)
        /// Folio gave access to an inquiry: a launch code exchange (with a verified window attestation) or a
        /// redeemed handoff code.
        case accessGranted(requestID: UInt64, SavedInquiry)
        /// The device saved the inquiry as its current one.
        case inquiryRemembered(requestID: UInt64)
        /// The device's memory stayed unavailable: the inquiry could not be saved.
        case inquiryNotRemembered(requestID: UInt64)
        /// The device's memory stayed unavailable: the inquiry could not be forgotten.
        case inquiryNotForgotten(inquiryId: String)
        case folioAnswered(requestID: UInt64, FolioInquiryAnswer)
        case folioFailed(requestID: UInt64, InquiryError)
        case localeSaved(requestID: UInt64, locale: String)
        case localeNotSaved(requestID: UInt64, locale: String)
        /// The pause before the store reads a step that is being checked again.
        case waitEnded(requestID: UInt64)
        /// The verified identity of a passed government id step is saved in the person's vault.
        case identitySaved(requestID: UInt64, VerifiedIdentity)
        case identityNotSaved(requestID: UInt64, InquiryError)
    }
}

extension InquiryReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .launchCodeRecalled(let requestID, _, _), .savedInquiryRecalled(let requestID, _),
            .accessGranted(let requestID, _), .inquiryRemembered(let requestID), .inquiryNotRemembered(let requestID),
            .folioAnswered(let requestID, _), .folioFailed(let requestID, _), .localeSaved(let requestID, _),
            .localeNotSaved(let requestID, _), .waitEnded(let requestID), .identitySaved(let requestID, _),
            .identityNotSaved(let requestID, _):
            requestID
        case .actionReceived, .inquiryNotForgotten:
            nil
        }
    }
}
