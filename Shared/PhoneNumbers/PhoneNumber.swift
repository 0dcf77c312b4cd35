/// A national number parsed for a region, in the formats a UI shows and a backend stores.
public struct PhoneNumber: Hashable, Sendable {
    /// The region the number was typed for.
    public let region: PhoneRegion
    /// E.164: `+`, country calling code and national significant number, e.g. `+41446681800`.
    public let e164: String
    /// International format, e.g. `+41 44 668 18 00`.
    public let international: String
    /// National format with the national prefix, e.g. `044 668 18 00`.
    public let national: String
    /// What libphonenumber says about the number's length and range.
    public let validity: PhoneNumberValidity

    /// The country calling code of the number, e.g. 41.
    public var countryCode: Int { validity.countryCode }
}
