import PhoneNumbers

/// What a phone field shows and submits for the typed national number.
public struct PhoneFieldText: Hashable, Sendable {
    /// The national number formatted as typed (`030 123456`), shown as `input.national.text`.
    public let display: String
    /// The number submitted under the field's key: E.164 when it parses, otherwise `+`, the country code and
    /// the typed digits; `""` when no digit was typed.
    public let fullNumber: String

    public init(display: String, fullNumber: String) {
        self.display = display
        self.fullNumber = fullNumber
    }
}

/// Formats a phone field's typed national number with libphonenumber.
///
/// Typed characters other than decimal digits (of any script) and the separators people type are dropped, so
/// a stray letter or `+` does not lose the rest of the number.
public struct PhoneFieldFormatter: Sendable {
    private let formatter: PhoneNumberFormatter

    public init(formatter: PhoneNumberFormatter = PhoneNumberFormatter()) {
        self.formatter = formatter
    }

    /// The text for `nationalText` typed for `region` (ISO 3166 alpha-2, e.g. `"DE"`). When libphonenumber does
    /// not know the region, the digits show unformatted and the full number is built from `dialCode`
    /// (`"+49"`); without a dial code as well it is `+` and the digits.
    public func text(region: String, dialCode: String? = nil, nationalText: String) -> PhoneFieldText {
        let digits = Self.digits(of: nationalText)
        guard let phoneRegion = try? PhoneRegion(region) else {
            return PhoneFieldText(
                display: digits, fullNumber: Self.fullNumber(dialCode: dialCode ?? "+", nationalText: digits))
        }
        guard !digits.isEmpty else { return PhoneFieldText(display: "", fullNumber: "") }
        let display = (try? formatter.asYouType(digits, region: phoneRegion)) ?? digits
        let fullNumber =
            (try? formatter.parse(national: digits, region: phoneRegion).e164)
            ?? "+\(phoneRegion.countryCode)\(digits)"
        return PhoneFieldText(display: display, fullNumber: fullNumber)
    }

    /// `+`, the digits of `dialCode` (`"+49"`) and the typed digits, for a region libphonenumber does not know;
    /// `""` when no digit was typed.
    public static func fullNumber(dialCode: String, nationalText: String) -> String {
        let digits = digits(of: nationalText)
        guard !digits.isEmpty else { return "" }
        return "+" + Self.digits(of: dialCode) + digits
    }

    /// The typed decimal digits as ASCII, at most ``PhoneNumberFormatter/maxInputLength`` of them.
    static func digits(of text: String) -> String {
        String(text.compactMap(FieldDigit.ascii).prefix(PhoneNumberFormatter.maxInputLength))
    }
}
