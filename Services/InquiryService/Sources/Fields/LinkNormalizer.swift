/// Checks and normalizes the link urls of a step and the terminal redirect (docs/inquiry-store.md "Links"), so
/// every url a UI receives parses with `URL(string:)`, `Uri.parse` and `new URL`.
///
/// A url is parsed the way the URL Standard's basic URL parser parses it without a base, and the result is its
/// serialization (`href`): tabs and line breaks are removed and leading and trailing spaces and C0 controls
/// trimmed; the scheme is lowercased; a special scheme's host is percent-decoded, converted to ASCII (UTS #46,
/// lower case, punycode) and read as an IPv4 address when it ends in a number, an IPv6 address is compressed,
/// and a default port is dropped; `.` and `..` path segments are resolved; and each part percent-encodes (UTF-8,
/// upper-case hex) the characters of its percent-encode set. A url the standard refuses throws. Normalizing
/// twice changes nothing.
public enum LinkNormalizer {
    public static func normalize(_ url: String) throws(InvalidLinkError) -> String {
        func fail(_ reason: InvalidLinkError.Reason) -> InvalidLinkError { InvalidLinkError(url: url, reason: reason) }
        let trimmed = url.unicodeScalars.trimmingC0ControlsAndSpaces
        let scalars = ArraySlice(trimmed.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        guard !scalars.isEmpty else { throw fail(.empty) }
        guard let (scheme, rest) = Scheme.split(scalars) else { throw fail(.noScheme) }
        do {
            return try ParsedLink(scheme: scheme, rest).serialized
        } catch {
            throw fail(error.reason)
        }
    }
}

extension String.UnicodeScalarView {
    fileprivate var trimmingC0ControlsAndSpaces: ArraySlice<Unicode.Scalar> {
        let scalars = Array(self)
        let start = scalars.firstIndex { $0.value > 0x20 } ?? scalars.endIndex
        let end = (scalars.lastIndex { $0.value > 0x20 }).map { $0 + 1 } ?? start
        return scalars[start..<end]
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
