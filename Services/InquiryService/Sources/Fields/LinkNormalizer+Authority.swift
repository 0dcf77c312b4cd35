/// The `userinfo@host:port` of a url.
enum Authority {
    static func needsHost(_ scheme: String) -> Bool { scheme == "http" || scheme == "https" }

    static func defaultPort(_ scheme: String) -> Int? {
        switch scheme {
        case "http": 80
        case "https": 443
        default: nil
        }
    }

    static func normalize(_ authority: ArraySlice<Unicode.Scalar>, scheme: String) throws(LinkPartError)
        -> String
    {
        var output = ""
        var hostAndPort = authority
        if let at = authority.lastIndex(of: "@") {
            output += try PercentEncoding.encode(authority[..<at], allowing: PercentEncoding.userinfo) + "@"
            hostAndPort = authority[(at + 1)...]
        }
        let hostEnd: Int
        if hostAndPort.first == "[" {
            guard let close = hostAndPort.firstIndex(of: "]") else { throw .badHost }
            hostEnd = close + 1
        } else {
            hostEnd = hostAndPort.firstIndex(of: ":") ?? hostAndPort.endIndex
        }
        let host = try Self.host(hostAndPort[..<hostEnd])
        guard !host.isEmpty || !needsHost(scheme) else { throw .noHost }
        output += host
        if hostEnd < hostAndPort.endIndex {
            guard hostAndPort[hostEnd] == ":" else { throw .badHost }
            if let port = try port(hostAndPort[(hostEnd + 1)...]), port != defaultPort(scheme) {
                output += ":\(port)"
            }
        }
        return output
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

    /// The host in lower case: an IP literal `[…]` of hex digits, `:` and `.`, or a name whose ASCII characters
    /// are unreserved or sub-delims and whose other characters are letters, marks or numbers (percent-encoded
    /// as UTF-8, the way `%C3%BC` escapes of a name are also read).
    static func host(_ scalars: ArraySlice<Unicode.Scalar>) throws(LinkPartError) -> String {
        if scalars.first == "[" {
            let inside = scalars.dropFirst().dropLast()
            guard scalars.last == "]", !inside.isEmpty,
                inside.allSatisfy({ $0.isASCIIHexDigit || $0 == ":" || $0 == "." })
            else { throw .badHost }
            return String(String.UnicodeScalarView(scalars)).lowercased()
        }
        var bytes: [UInt8] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if scalars[index] == "%" {
                guard let byte = UInt8(try PercentEncoding.escapeHex(scalars, at: index), radix: 16) else {
                    throw .badPercentEscape
                }
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(contentsOf: String(scalars[index]).utf8)
                index += 1
            }
        }
        guard let name = String(validating: bytes, as: UTF8.self) else { throw .badHost }
        var output = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII {
                guard PercentEncoding.unreservedAndSubDelims.contains(UInt8(scalar.value)) else { throw .badHost }
                output.unicodeScalars.append(scalar)
            } else {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                    .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
                    output += PercentEncoding.escape(scalar)
                default: throw .badHost
                }
            }
        }
        return output
    }
}
