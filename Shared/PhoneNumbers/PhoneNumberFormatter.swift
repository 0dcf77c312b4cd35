import CPhoneNumber

/// Formats and checks national phone numbers with libphonenumber's numbering data.
///
/// Input is a national number as a person types it: decimal digits (of any script) with white
/// space and the separators `- . / ( )` between them, at most ``maxInputLength`` characters. A
/// leading national prefix (the `0` of `CH` or `DE`) is welcome; a `+` is not, because the
/// country comes from the ``PhoneRegion``.
///
/// Every method is synchronous, CPU-bound and safe to call from any thread or task at once:
/// libphonenumber's shared `PhoneNumberUtil` is only read, and each as-you-type run borrows a
/// formatter of its own. A call takes tens of microseconds (see docs/phone-numbers.md), so a
/// reducer may call it directly.
public struct PhoneNumberFormatter: Sendable {
    /// The longest input accepted, in characters.
    public static let maxInputLength = Int(CPHONE_MAX_INPUT_LENGTH)

    /// A formatter; it holds no state.
    public init() {}

    /// The number formatted the way libphonenumber's `AsYouTypeFormatter` shows it after the
    /// person typed these digits, e.g. `"0446681"` → `"044 668 1"` for `CH`.
    ///
    /// Separators in `text` are dropped before formatting, so the result of one call can be
    /// passed back with the next keystroke. No digits give `""`. Digits that fit no pattern of
    /// the region come back unformatted (in `CH` a number typed without its leading `0`).
    public func asYouType(_ text: String, region: PhoneRegion) throws(PhoneNumberError) -> String {
        let digits = try PhoneNumberInput.digits(of: text, limit: Self.maxInputLength)
        return try Self.text(region: region) { out, size, length in
            digits.withUnsafeBufferPointer { input in
                cphone_as_you_type(region.code, input.baseAddress, input.count, out, size, length)
            }
        }
    }

    /// Parses a national number of `region` and formats it.
    ///
    /// The number only has to parse: check ``PhoneNumber/validity`` before trusting it, or use
    /// ``e164(national:region:)``, which insists on a possible length.
    ///
    /// - Throws: ``PhoneNumberError/Kind/notANumber`` without digits,
    ///   ``PhoneNumberError/Kind/tooShort`` for a single digit,
    ///   ``PhoneNumberError/Kind/tooLong`` beyond 17 national digits,
    ///   ``PhoneNumberError/Kind/invalidCountryCode`` when an international prefix dials no
    ///   country, and the input errors described on ``PhoneNumberFormatter``.
    public func parse(national text: String, region: PhoneRegion) throws(PhoneNumberError) -> PhoneNumber {
        let digits = try PhoneNumberInput.digits(of: text, limit: Self.maxInputLength)
        let validity = try Self.validity(of: digits, region: region)
        return PhoneNumber(
            region: region,
            e164: try Self.format(digits, region: region, format: CPHONE_FORMAT_E164),
            international: try Self.format(digits, region: region, format: CPHONE_FORMAT_INTERNATIONAL),
            national: try Self.format(digits, region: region, format: CPHONE_FORMAT_NATIONAL),
            validity: validity)
    }

    /// The full number in E.164 (`+41446681800`) for a national number of `region`.
    ///
    /// The length must fit a full number of the country; the number need not lie in an
    /// allocated range (check ``validity(national:region:)`` for that), so numbers from ranges
    /// newer than the numbering data still go through.
    ///
    /// - Throws: what ``parse(national:region:)`` throws, and ``PhoneNumberError/Kind/tooShort``
    ///   (also for a number that is only possible locally, without its area code),
    ///   ``PhoneNumberError/Kind/tooLong`` or ``PhoneNumberError/Kind/invalidLength`` when the
    ///   length fits no number of the country.
    public func e164(national text: String, region: PhoneRegion) throws(PhoneNumberError) -> String {
        let digits = try PhoneNumberInput.digits(of: text, limit: Self.maxInputLength)
        switch try Self.validity(of: digits, region: region).possibility {
        case .possible: return try Self.format(digits, region: region, format: CPHONE_FORMAT_E164)
        case .possibleLocalOnly, .tooShort: throw .tooShort
        case .tooLong: throw .tooLong
        case .invalidLength: throw .invalidLength
        case .invalidCountryCode: throw .invalidCountryCode
        }
    }

    /// What libphonenumber says about a national number of `region`.
    ///
    /// - Throws: what ``parse(national:region:)`` throws.
    public func validity(national text: String, region: PhoneRegion) throws(PhoneNumberError)
        -> PhoneNumberValidity
    {
        let digits = try PhoneNumberInput.digits(of: text, limit: Self.maxInputLength)
        return try Self.validity(of: digits, region: region)
    }

    /// The country calling code of `region`, e.g. 41 for `CH`.
    public func countryCode(region: PhoneRegion) -> Int { region.countryCode }

    /// libphonenumber's example number of `type` for `region`, e.g. for a placeholder; `nil` when
    /// the region has no number of that type.
    public func exampleNumber(region: PhoneRegion, type: PhoneNumberType = .mobile) throws(PhoneNumberError)
        -> PhoneNumber?
    {
        var missing = false
        let national = try Self.text(region: region) { out, size, length in
            let status = cphone_example_number(region.code, type.code, CPHONE_FORMAT_NATIONAL, out, size, length)
            missing = status == CPHONE_NO_EXAMPLE
            return missing ? CPHONE_OK : status
        }
        return missing ? nil : try parse(national: national, region: region)
    }

    private static func validity(of digits: [CChar], region: PhoneRegion) throws(PhoneNumberError)
        -> PhoneNumberValidity
    {
        var validity = cphone_validity()
        let status = digits.withUnsafeBufferPointer { input in
            cphone_check(region.code, input.baseAddress, input.count, &validity)
        }
        guard status == CPHONE_OK else { throw PhoneNumberError(status: status, region: region) }
        return try PhoneNumberValidity(validity)
    }

    private static func format(_ digits: [CChar], region: PhoneRegion, format: Int32) throws(PhoneNumberError)
        -> String
    {
        try text(region: region) { out, size, length in
            digits.withUnsafeBufferPointer { input in
                cphone_format(region.code, input.baseAddress, input.count, format, out, size, length)
            }
        }
    }

    /// Runs a C call that writes text into a caller buffer, once more with the size it asked for
    /// when the first buffer was too small.
    private static func text(
        region: PhoneRegion, _ call: (UnsafeMutablePointer<CChar>, Int, UnsafeMutablePointer<Int>) -> Int32
    ) throws(PhoneNumberError) -> String {
        var capacity = 128
        for _ in 0..<2 {
            var length = 0
            var buffer = [CChar](repeating: 0, count: capacity)
            let status = buffer.withUnsafeMutableBufferPointer { out in
                guard let base = out.baseAddress else { return CPHONE_INVALID_ARGUMENT }
                return call(base, out.count, &length)
            }
            switch status {
            case CPHONE_OK:
                let bytes = buffer.prefix(min(length, capacity)).map { UInt8(bitPattern: $0) }
                return String(decoding: bytes, as: UTF8.self)
            case CPHONE_BUFFER_TOO_SMALL where length >= capacity:
                capacity = length + 1
            default:
                throw PhoneNumberError(status: status, region: region)
            }
        }
        throw .internalFailure(status: CPHONE_BUFFER_TOO_SMALL)
    }
}
