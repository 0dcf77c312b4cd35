import CPhoneNumber

/// A region with its own numbering plan: an ISO 3166-1 alpha-2 code that libphonenumber has data
/// for, such as `CH` or `US`.
///
/// A value always names a supported region, so formatting with it never fails for the region.
public struct PhoneRegion: Hashable, Sendable, CustomStringConvertible {
    /// The upper-case ISO 3166-1 alpha-2 code, e.g. `"CH"`.
    public let code: String
    /// The country calling code that numbers of this region dial from abroad, e.g. 41 for `CH`
    /// and 1 for both `US` and `CA`.
    public let countryCode: Int

    /// Checks `code` (two ASCII letters, any case) against libphonenumber's regions.
    ///
    /// - Throws: ``PhoneNumberError/Kind/unknownRegion`` when `code` is not two ASCII letters or
    ///   libphonenumber has no numbering data for it (for example `"XX"`, or `"001"`).
    public init(_ code: String) throws(PhoneNumberError) {
        guard code.utf8.count == 2, code.utf8.allSatisfy(Self.isASCIILetter) else {
            throw .unknownRegion(code)
        }
        let upper = code.uppercased()
        var countryCode: Int32 = 0
        let status = cphone_country_code(upper, &countryCode)
        guard status == CPHONE_OK else {
            throw status == CPHONE_UNKNOWN_REGION ? .unknownRegion(upper) : .internalFailure(status: status)
        }
        self.code = upper
        self.countryCode = Int(countryCode)
    }

    /// Whether `code` names a region that ``init(_:)`` accepts.
    public static func isSupported(_ code: String) -> Bool {
        (try? PhoneRegion(code)) != nil
    }

    public var description: String { code }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
