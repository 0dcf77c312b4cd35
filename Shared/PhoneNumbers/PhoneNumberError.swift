import CPhoneNumber

/// An error thrown by the PhoneNumbers module.
///
/// Match on ``kind``:
/// ```swift
/// catch let error where error.kind == .tooShort { ... }
/// ```
public struct PhoneNumberError: Error, Equatable, Sendable, CustomStringConvertible {
    private enum Storage: Equatable, Sendable {
        case unknownRegion(String)
        case inputTooLong(limit: Int)
        case invalidCharacter(Character)
        case notANumber
        case tooShort
        case tooLong
        case invalidLength
        case invalidCountryCode
        case internalFailure(status: Int32)
    }

    /// The category of a ``PhoneNumberError``.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case unknownRegion, inputTooLong, invalidCharacter, notANumber, tooShort, tooLong, invalidLength
            case invalidCountryCode, internalFailure
        }
        private let value: Value

        /// The region is not two ASCII letters, or libphonenumber has no numbering data for it.
        public static let unknownRegion = Kind(value: .unknownRegion)
        /// The input has more than ``PhoneNumberFormatter/maxInputLength`` characters.
        public static let inputTooLong = Kind(value: .inputTooLong)
        /// The input has a character that is neither a digit nor a separator; see
        /// ``PhoneNumberError/character``.
        public static let invalidCharacter = Kind(value: .invalidCharacter)
        /// The input has no digits.
        public static let notANumber = Kind(value: .notANumber)
        /// The number has fewer digits than a full number of its country (or than any number).
        public static let tooShort = Kind(value: .tooShort)
        /// The number has more digits than any number of its country (or than any number).
        public static let tooLong = Kind(value: .tooLong)
        /// The number's length lies between the shortest and longest numbers of its country but
        /// matches none of them.
        public static let invalidLength = Kind(value: .invalidLength)
        /// The input dials an international prefix followed by a country calling code that does not exist.
        public static let invalidCountryCode = Kind(value: .invalidCountryCode)
        /// libphonenumber failed in a way the input does not explain (for example out of memory).
        public static let internalFailure = Kind(value: .internalFailure)

        public var description: String {
            switch value {
            case .unknownRegion: "unknownRegion"
            case .inputTooLong: "inputTooLong"
            case .invalidCharacter: "invalidCharacter"
            case .notANumber: "notANumber"
            case .tooShort: "tooShort"
            case .tooLong: "tooLong"
            case .invalidLength: "invalidLength"
            case .invalidCountryCode: "invalidCountryCode"
            case .internalFailure: "internalFailure"
            }
        }
    }

    private let storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    static func unknownRegion(_ code: String) -> PhoneNumberError {
        // The code comes from outside: keep the message short whatever was sent.
        PhoneNumberError(.unknownRegion(String(code.prefix(8))))
    }

    static func inputTooLong(limit: Int) -> PhoneNumberError { PhoneNumberError(.inputTooLong(limit: limit)) }

    static func invalidCharacter(_ character: Character) -> PhoneNumberError {
        PhoneNumberError(.invalidCharacter(character))
    }

    static let notANumber = PhoneNumberError(.notANumber)
    static let tooShort = PhoneNumberError(.tooShort)
    static let tooLong = PhoneNumberError(.tooLong)
    static let invalidLength = PhoneNumberError(.invalidLength)
    static let invalidCountryCode = PhoneNumberError(.invalidCountryCode)

    static func internalFailure(status: Int32) -> PhoneNumberError {
        PhoneNumberError(.internalFailure(status: status))
    }

    /// The error for a CPHONE_* status other than CPHONE_OK.
    init(status: Int32, region: PhoneRegion) {
        switch status {
        case CPHONE_UNKNOWN_REGION: self = .unknownRegion(region.code)
        case CPHONE_INPUT_TOO_LONG: self = .inputTooLong(limit: Int(CPHONE_MAX_INPUT_LENGTH))
        case CPHONE_NOT_A_NUMBER: self = .notANumber
        case CPHONE_TOO_SHORT: self = .tooShort
        case CPHONE_TOO_LONG: self = .tooLong
        case CPHONE_INVALID_COUNTRY_CODE: self = .invalidCountryCode
        // The Swift side hands over only ASCII digits, so CPHONE_INVALID_CHARACTER means a bug.
        default: self = .internalFailure(status: status)
        }
    }

    /// The category of this error.
    public var kind: Kind {
        switch storage {
        case .unknownRegion: .unknownRegion
        case .inputTooLong: .inputTooLong
        case .invalidCharacter: .invalidCharacter
        case .notANumber: .notANumber
        case .tooShort: .tooShort
        case .tooLong: .tooLong
        case .invalidLength: .invalidLength
        case .invalidCountryCode: .invalidCountryCode
        case .internalFailure: .internalFailure
        }
    }

    /// The character that was neither a digit nor a separator, for ``Kind/invalidCharacter``.
    public var character: Character? {
        if case .invalidCharacter(let character) = storage { character } else { nil }
    }

    public var description: String {
        switch storage {
        case .unknownRegion(let code): "unknown phone region \"\(code)\""
        case .inputTooLong(let limit): "phone number input longer than \(limit) characters"
        case .invalidCharacter(let character):
            "phone number input has \(Self.scalars(of: character)), which is neither a digit nor a separator"
        case .notANumber: "phone number input has no digits"
        case .tooShort: "phone number too short"
        case .tooLong: "phone number too long"
        case .invalidLength: "phone number has no valid length for its country"
        case .invalidCountryCode: "phone number dials a country calling code that does not exist"
        case .internalFailure(let status): "libphonenumber failed (status \(status))"
        }
    }

    /// `U+0041` style, so control characters and invisible ones read clearly in logs; a character
    /// stacked with combining marks shows its first four scalars.
    private static func scalars(of character: Character) -> String {
        let shown = character.unicodeScalars.prefix(4).map {
            "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        return shown.joined(separator: " ") + (character.unicodeScalars.count > 4 ? " …" : "")
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
