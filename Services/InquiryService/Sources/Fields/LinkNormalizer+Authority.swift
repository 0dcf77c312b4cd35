/// The `userinfo@host:port` of a url, read the way the URL Standard's authority, host and port states read it.
struct Authority {
    var username = ""
    var password = ""
    var host: String
    var port: Int?

    init(host: String) { self.host = host }

    /// `scalars` is the authority: what follows `//` up to the first `/`, `?`, `#` (or `\` for a special scheme).
    init(_ scalars: ArraySlice<Unicode.Scalar>, scheme: Scheme) throws(LinkPartError) {
        var hostAndPort = scalars
        if let at = scalars.lastIndex(of: "@") {
            var seenColon = false
            for scalar in scalars[..<at] {
                if scalar == ":", !seenColon {
                    seenColon = true
                } else if seenColon {
                    PercentEncoding.encode(scalar, .userinfo, into: &password)
                } else {
                    PercentEncoding.encode(scalar, .userinfo, into: &username)
                }
            }
            hostAndPort = scalars[(at + 1)...]
            guard !hostAndPort.isEmpty else { throw .noHost }
        }
        var insideBrackets = false
        let colon = hostAndPort.firstIndex { scalar in
            if scalar == "[" { insideBrackets = true }
            if scalar == "]" { insideBrackets = false }
            return scalar == ":" && !insideBrackets
        }
        let hostEnd = colon ?? hostAndPort.endIndex
        guard hostEnd > hostAndPort.startIndex || (colon == nil && !scheme.isSpecial) else { throw .noHost }
        host = try LinkHost.parse(hostAndPort[..<hostEnd], special: scheme.isSpecial)
        if let colon, let port = try Self.port(hostAndPort[(colon + 1)...]), port != scheme.defaultPort {
            self.port = port
        }
    }

    /// The port number, `nil` for an empty port.
    static func port(_ scalars: ArraySlice<Unicode.Scalar>) throws(LinkPartError) -> Int? {
        guard !scalars.isEmpty else { return nil }
        guard scalars.allSatisfy(\.isASCIIDigit) else { throw .badPort }
        let digits = scalars.drop { $0 == "0" }
        guard digits.count <= 5 else { throw .badPort }
        let value = digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
        guard value <= 65_535 else { throw .badPort }
        return value
    }

    var serialized: String {
        var output = ""
        if !username.isEmpty || !password.isEmpty {
            output += username + (password.isEmpty ? "" : ":" + password) + "@"
        }
        output += host
        if let port { output += ":\(port)" }
        return output
    }
}
