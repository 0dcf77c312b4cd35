/// Checks and normalizes the link urls of a step and the terminal redirect (docs/inquiry-store.md "Links"), so
/// every url a UI receives parses with `URL(string:)`, `Uri.parse` and `new URL`.
///
/// A url needs a scheme (`[A-Za-z][A-Za-z0-9+.-]*:`), and an http(s) url a host. Normalizing lowercases the
/// scheme and host, gives a url with a host and an empty path the path `/`, drops the default port of http
/// (80) and https (443), and percent-encodes (UTF-8, upper-case hex) what a url may not hold as is: a space,
/// non-ASCII, `"<>\^`{|}[]` and a second `#`. Valid `%XX` escapes stay. Normalizing twice changes nothing.
public enum LinkNormalizer {
    public static func normalize(_ url: String) throws(InvalidLinkError) -> String {
        let scalars = Array(url.unicodeScalars).trimmingSpaces
        func fail(_ reason: InvalidLinkError.Reason) -> InvalidLinkError { InvalidLinkError(url: url, reason: reason) }
        guard !scalars.isEmpty else { throw fail(.empty) }
        guard !scalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw fail(.controlCharacter)
        }
        guard let colon = scalars.firstIndex(of: ":"), let first = scalars.first, first.isASCIILetter,
            scalars[..<colon].allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "+.-".unicodeScalars.contains($0) })
        else { throw fail(.noScheme) }
        let scheme = String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
        var rest = scalars[(colon + 1)...]
        var output = scheme + ":"

        let hasAuthority = rest.starts(with: "//".unicodeScalars)
        if hasAuthority {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { "/?#".unicodeScalars.contains($0) } ?? rest.endIndex
            do {
                output += "//" + (try Authority.normalize(rest[..<end], scheme: scheme))
            } catch {
                throw fail(error.reason)
            }
            rest = rest[end...]
        } else if Authority.needsHost(scheme) {
            throw fail(.noHost)
        }

        let fragmentStart = rest.firstIndex(of: "#") ?? rest.endIndex
        let queryStart = rest[..<fragmentStart].firstIndex(of: "?") ?? fragmentStart
        do {
            let path = try PercentEncoding.encode(rest[..<queryStart], allowing: PercentEncoding.path)
            output += hasAuthority && path.isEmpty ? "/" : path
            if queryStart < fragmentStart {
                output +=
                    "?"
                    + (try PercentEncoding.encode(
                        rest[(queryStart + 1)..<fragmentStart], allowing: PercentEncoding.queryOrFragment))
            }
            if fragmentStart < rest.endIndex {
                output +=
                    "#"
                    + (try PercentEncoding.encode(
                        rest[(fragmentStart + 1)...], allowing: PercentEncoding.queryOrFragment))
            }
        } catch {
            throw fail(error.reason)
        }
        return output
    }
}

extension Array where Element == Unicode.Scalar {
    fileprivate var trimmingSpaces: ArraySlice<Unicode.Scalar> {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = (lastIndex { $0 != " " }).map { $0 + 1 } ?? start
        return self[start..<end]
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
    var isASCIIHexDigit: Bool { isASCIIDigit || ("a"..."f").contains(self) || ("A"..."F").contains(self) }
}
