/// A url's scheme in lower case; the URL Standard's special schemes have hosts and hierarchical paths, and may
/// have a default port.
struct Scheme: Equatable {
    let name: String

    var isSpecial: Bool { ["http", "https", "ws", "wss", "ftp", "file"].contains(name) }
    var isFile: Bool { name == "file" }

    var defaultPort: Int? {
        switch name {
        case "http", "ws": 80
        case "https", "wss": 443
        case "ftp": 21
        default: nil
        }
    }

    /// The scheme before the first `:`, `nil` when `scalars` does not start with `[A-Za-z][A-Za-z0-9+.-]*:`.
    static func split(_ scalars: ArraySlice<Unicode.Scalar>) -> (Scheme, rest: ArraySlice<Unicode.Scalar>)? {
        guard let first = scalars.first, first.isASCIILetter,
            let colon = scalars.firstIndex(where: {
                !($0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0))
            }),
            scalars[colon] == ":"
        else { return nil }
        return (Scheme(name: String(String.UnicodeScalarView(scalars[..<colon])).lowercased()), scalars[(colon + 1)...])
    }
}
