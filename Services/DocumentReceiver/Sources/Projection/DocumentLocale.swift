import FolioModel

/// The locale a document is shown in: the SDK locale, and the device's region for an SDK locale that names none.
public struct DocumentLocale: Sendable, Hashable {
    public var sdk: LocaleTag
    /// The region of the device locale (`US`, `DE`), nil when the client did not say.
    public var deviceRegion: String?

    public init(sdk: LocaleTag, deviceRegion: String? = nil) {
        self.sdk = sdk
        self.deviceRegion = deviceRegion?.uppercased()
    }

    /// The SDK language (`de` for `de-CH`).
    public var language: String { sdk.language }

    /// The region of the SDK locale (`CH` for `de-CH`, `419` for `es-419`), else the device's.
    public var region: String? {
        let subtags = sdk.rawValue.split(separator: "-").dropFirst()
        let named = subtags.first { subtag in
            (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber))
        }
        return named.map { $0.uppercased() } ?? deviceRegion
    }

    /// The regions that write the month before the day (`Dec 31, 2026`); every other region puts the day first.
    public static let monthFirstRegions: Set<String> = ["US", "PH", "FM", "MH", "PW"]

    public var monthFirst: Bool { region.map(Self.monthFirstRegions.contains) ?? false }
}
