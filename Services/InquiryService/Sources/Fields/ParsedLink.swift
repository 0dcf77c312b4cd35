/// A url parsed by ``LinkNormalizer``: the URL Standard's url record, each part already percent-encoded.
struct ParsedLink {
    var scheme: Scheme
    /// `nil` for a url without a host, such as `mailto:a@b.c`; a `file:` url's host may be empty.
    var authority: Authority?
    var path: LinkPath
    var query: String?
    var fragment: String?

    /// Parses what follows `scheme:`, the way the basic URL parser continues from its scheme state without a base.
    init(scheme: Scheme, _ rest: ArraySlice<Unicode.Scalar>) throws(LinkPartError) {
        self.scheme = scheme
        let fragmentStart = rest.firstIndex(of: "#")
        let queryStart = rest[..<(fragmentStart ?? rest.endIndex)].firstIndex(of: "?")
        let beforeQuery = rest[..<(queryStart ?? fragmentStart ?? rest.endIndex)]
        if let fragmentStart {
            fragment = PercentEncoding.encode(rest[(fragmentStart + 1)...], .fragment)
        }
        if let queryStart {
            query = PercentEncoding.encode(
                rest[(queryStart + 1)..<(fragmentStart ?? rest.endIndex)], scheme.isSpecial ? .specialQuery : .query)
        }

        func isSlash(_ scalar: Unicode.Scalar) -> Bool { scalar == "/" || (scheme.isSpecial && scalar == "\\") }
        let pathStart: ArraySlice<Unicode.Scalar>
        if scheme.isFile {
            (authority, pathStart) = try Self.fileHost(beforeQuery)
        } else if scheme.isSpecial || beforeQuery.starts(with: "//".unicodeScalars) {
            // A special scheme's authority follows any number of slashes and backslashes, even none.
            let authorityStart = scheme.isSpecial ? beforeQuery.drop(while: isSlash) : beforeQuery.dropFirst(2)
            let authorityEnd = authorityStart.firstIndex(where: isSlash) ?? authorityStart.endIndex
            authority = try Authority(authorityStart[..<authorityEnd], scheme: scheme)
            pathStart = authorityStart[authorityEnd...]
        } else if beforeQuery.first == "/" {
            path = LinkPath.segments(beforeQuery.dropFirst(), scheme: scheme)
            return
        } else {
            path = LinkPath.opaque(beforeQuery, beforeQueryOrFragment: queryStart != nil || fragmentStart != nil)
            return
        }
        // The path start state: a url with a host has a path that starts with a slash; a special one always has
        // one, a non-special one only when something follows the host.
        if let first = pathStart.first, isSlash(first) {
            path = LinkPath.segments(pathStart.dropFirst(), scheme: scheme)
        } else if scheme.isSpecial {
            path = LinkPath.segments(pathStart, scheme: scheme)
        } else {
            path = .segments([])
        }
    }

    /// The file state without a base: `file://host/…` has a host (`localhost` is none), `file:/…` and `file:…`
    /// have an empty one, and `file://C:/…` has a drive letter where the host would be.
    private static func fileHost(_ scalars: ArraySlice<Unicode.Scalar>) throws(LinkPartError)
        -> (Authority, pathStart: ArraySlice<Unicode.Scalar>)
    {
        let emptyHost = Authority(host: "")
        func isSlash(_ scalar: Unicode.Scalar) -> Bool { scalar == "/" || scalar == "\\" }
        guard let first = scalars.first, isSlash(first) else { return (emptyHost, scalars) }
        let afterSlash = scalars.dropFirst()
        guard let second = afterSlash.first, isSlash(second) else {
            return (emptyHost, scalars)
        }
        let hostStart = afterSlash.dropFirst()
        let hostEnd = hostStart.firstIndex(where: isSlash) ?? hostStart.endIndex
        let host = hostStart[..<hostEnd]
        if host.count == 2, let letter = host.first, letter.isASCIILetter, host.last == ":" || host.last == "|" {
            return (emptyHost, hostStart)
        }
        guard !host.isEmpty else { return (emptyHost, hostStart[hostEnd...]) }
        let parsed = try LinkHost.parse(host, special: true)
        return (Authority(host: parsed == "localhost" ? "" : parsed), hostStart[hostEnd...])
    }

    var serialized: String {
        var output = scheme.name + ":"
        if let authority {
            output += "//" + authority.serialized
        } else if case .segments(let segments) = path, segments.count > 1, segments[0].isEmpty {
            // Without the `/.`, the empty first segment would read as an authority.
            output += "/."
        }
        output += path.serialized
        if let query { output += "?" + query }
        if let fragment { output += "#" + fragment }
        return output
    }
}
