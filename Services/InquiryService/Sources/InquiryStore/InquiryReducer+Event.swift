import FolioModel
import Foundation
import StoreKit

extension InquiryReducer {
    /// What happened.
    public enum Event: Sendable, Equatable {
        /// A client's action, with the time it arrived (for "today" of date fields).
        case actionReceived(InquiryAction, at: Date)
        /// The device's memory answered whether this launch code was exchanged here before.
        case launchCodeRecalled(requestID: UInt64, SavedInquiry?)
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

    /// What to do.
    public enum Effect: Codable, Equatable, Sendable {
        case recallLaunchCode(requestID: UInt64, launchCode: String)
        /// Exchanges the code with Folio and verifies the window attestation.
        case exchangeLaunchCode(requestID: UInt64, launchCode: String)
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
    }
}

extension InquiryReducer.Event: RequestAnswering {
    public var answersRequest: UInt64? {
        switch self {
        case .launchCodeRecalled(let requestID, _), .savedInquiryRecalled(let requestID, _),
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

extension InquiryReducer.Effect: RequestCorrelated {
    /// nil for `forgetInquiry`, which answers only when it fails (`inquiryNotForgotten`, without an id).
    public var requestID: UInt64? {
        switch self {
        case .recallLaunchCode(let requestID, _), .exchangeLaunchCode(let requestID, _),
            .recallSavedInquiry(let requestID, _), .redeemHandoff(let requestID, _),
            .rememberInquiry(let requestID, _, _), .callFolio(let requestID, _, _), .saveLocale(let requestID, _),
            .wait(let requestID, _), .saveIdentity(let requestID, _, _):
            requestID
        case .forgetInquiry:
            nil
        }
    }
}
