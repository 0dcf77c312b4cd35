import CPhoneNumber

/// What libphonenumber says about a parsed number.
///
/// ``possibility`` checks the length only; ``isValid`` also checks the leading digits against the
/// number ranges of the country, so a number can be possible without being valid.
public struct PhoneNumberValidity: Hashable, Sendable {
    /// The country calling code of the number, e.g. 41. It differs from the region's code when
    /// the input dials an international prefix (`0049…` typed for `CH` is a German number).
    public let countryCode: Int
    /// Whether the length fits the numbers of the country.
    public let possibility: PhoneNumberPossibility
    /// Whether the number lies in a range that the country allocates.
    public let isValid: Bool
    /// Whether the number is valid in the region it was typed for, not just in some region of
    /// the same calling code (a Canadian number typed for `US` is valid but not for `US`).
    public let isValidForRegion: Bool
    /// The kind of line, ``PhoneNumberType/unknown`` when the number is not valid.
    public let type: PhoneNumberType

    /// Whether the length fits a full number of the country (``PhoneNumberPossibility/possible``).
    public var isPossible: Bool { possibility == .possible }

    init(_ validity: cphone_validity) throws(PhoneNumberError) {
        guard let possibility = PhoneNumberPossibility(code: validity.possible),
            let type = PhoneNumberType(code: validity.type)
        else { throw .internalFailure(status: CPHONE_INTERNAL_ERROR) }
        self.countryCode = Int(validity.country_code)
        self.possibility = possibility
        self.isValid = validity.valid == 1
        self.isValidForRegion = validity.valid_for_region == 1
        self.type = type
    }
}

/// How a number's length compares with the numbers of its country (libphonenumber's
/// `ValidationResult`).
public enum PhoneNumberPossibility: String, Hashable, Sendable, CaseIterable {
    /// The length matches full numbers of the country.
    case possible
    /// The length matches only numbers dialled inside an area, without its area code.
    case possibleLocalOnly
    /// The country calling code does not exist.
    case invalidCountryCode
    /// Shorter than every number of the country.
    case tooShort
    /// Between the shortest and longest numbers of the country, but matching none.
    case invalidLength
    /// Longer than every number of the country.
    case tooLong

    init?(code: Int32) {
        switch code {
        case CPHONE_POSSIBLE: self = .possible
        case CPHONE_POSSIBLE_LOCAL_ONLY: self = .possibleLocalOnly
        case CPHONE_POSSIBLE_INVALID_COUNTRY_CODE: self = .invalidCountryCode
        case CPHONE_POSSIBLE_TOO_SHORT: self = .tooShort
        case CPHONE_POSSIBLE_INVALID_LENGTH: self = .invalidLength
        case CPHONE_POSSIBLE_TOO_LONG: self = .tooLong
        default: return nil
        }
    }
}

/// The kind of line a number belongs to (libphonenumber's `PhoneNumberType`).
public enum PhoneNumberType: String, Hashable, Sendable, CaseIterable {
    /// A fixed (landline) number.
    case fixedLine
    /// A mobile number.
    case mobile
    /// Regions such as `US` do not tell fixed-line and mobile numbers apart.
    case fixedLineOrMobile
    /// A freephone number.
    case tollFree
    /// A number whose calls cost more than usual.
    case premiumRate
    /// A number whose call cost is shared between caller and recipient.
    case sharedCost
    /// A voice over IP number.
    case voip
    /// A personal number routed to another line.
    case personalNumber
    /// A pager number.
    case pager
    /// Universal access ("company") numbers.
    case uan
    /// A voicemail access number.
    case voicemail
    /// The number fits no range of its country.
    case unknown

    init?(code: Int32) {
        guard let type = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = type
    }

    var code: Int32 {
        switch self {
        case .fixedLine: CPHONE_TYPE_FIXED_LINE
        case .mobile: CPHONE_TYPE_MOBILE
        case .fixedLineOrMobile: CPHONE_TYPE_FIXED_LINE_OR_MOBILE
        case .tollFree: CPHONE_TYPE_TOLL_FREE
        case .premiumRate: CPHONE_TYPE_PREMIUM_RATE
        case .sharedCost: CPHONE_TYPE_SHARED_COST
        case .voip: CPHONE_TYPE_VOIP
        case .personalNumber: CPHONE_TYPE_PERSONAL_NUMBER
        case .pager: CPHONE_TYPE_PAGER
        case .uan: CPHONE_TYPE_UAN
        case .voicemail: CPHONE_TYPE_VOICEMAIL
        case .unknown: CPHONE_TYPE_UNKNOWN
        }
    }
}
