/// A url's path as the URL Standard keeps it: segments (percent-encoded, `.` and `..` resolved), or for a url of
/// a non-special scheme without `/` after its `:` one opaque string.
enum LinkPath: Equatable {
    case segments([String])
    case opaque(String)

    /// The path state: segments separated by `/` (and `\` for a special scheme), starting after the path's first
    /// slash.
    static func segments(_ scalars: ArraySlice<Unicode.Scalar>, scheme: Scheme) -> LinkPath {
        var path: [String] = []
        var start = scalars.startIndex
        for index in scalars.startIndex...scalars.endIndex {
            let atEnd = index == scalars.endIndex
            guard atEnd || scalars[index] == "/" || (scheme.isSpecial && scalars[index] == "\\") else { continue }
            let segment = PercentEncoding.encode(scalars[start..<index], .path)
            if isDoubleDot(segment) {
                if !(scheme.isFile && path.count == 1 && isWindowsDriveLetter(path[0], normalized: true)) {
                    _ = path.popLast()
                }
                if atEnd { path.append("") }
            } else if isSingleDot(segment) {
                if atEnd { path.append("") }
            } else if scheme.isFile, path.isEmpty, isWindowsDriveLetter(segment, normalized: false) {
                path.append(String(segment.prefix(1)) + ":")
            } else {
                path.append(segment)
            }
            start = index + 1
        }
        return .segments(path)
    }

    /// The opaque path state: C0 controls and non-ASCII percent-encoded, and a last space before `?` or `#` too,
    /// so the path does not end in a space once the query and fragment are gone.
    static func opaque(_ scalars: ArraySlice<Unicode.Scalar>, beforeQueryOrFragment: Bool) -> LinkPath {
        var output = ""
        for index in scalars.indices {
            if scalars[index] == " ", index + 1 == scalars.endIndex, beforeQueryOrFragment {
                output += "%20"
            } else {
                PercentEncoding.encode(scalars[index], .c0Control, into: &output)
            }
        }
        return .opaque(output)
    }

    var serialized: String {
        switch self {
        case .segments(let segments): segments.map { "/" + $0 }.joined()
        case .opaque(let path): path
        }
    }

    private static func isSingleDot(_ segment: String) -> Bool {
        segment == "." || segment.lowercased() == "%2e"
    }

    private static func isDoubleDot(_ segment: String) -> Bool {
        ["..", ".%2e", "%2e.", "%2e%2e"].contains(segment.lowercased())
    }

    /// An ASCII letter and `:` (or, not normalized, `|`).
    private static func isWindowsDriveLetter(_ segment: String, normalized: Bool) -> Bool {
        let scalars = Array(segment.unicodeScalars)
        return scalars.count == 2 && scalars[0].isASCIILetter
            && (scalars[1] == ":" || (!normalized && scalars[1] == "|"))
    }
}
