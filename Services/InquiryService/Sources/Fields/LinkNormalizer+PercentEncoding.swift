/// RFC 3986 percent-encoding of url parts.
enum PercentEncoding {
    /// unreserved and sub-delims.
    static let unreservedAndSubDelims = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=".utf8)
    /// pchar and `/`.
    static let path = unreservedAndSubDelims.union(":@/".utf8)
    static let queryOrFragment = path.union("?".utf8)
    static let userinfo = unreservedAndSubDelims.union(":".utf8)

    /// `scalars` with every character outside `allowed` percent-encoded as UTF-8 and the hex of valid escapes
    /// in upper case.
    static func encode(_ scalars: ArraySlice<Unicode.Scalar>, allowing allowed: Set<UInt8>)
        throws(LinkPartError) -> String
    {
        var output = ""
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                output += "%" + (try escapeHex(scalars, at: index))
                index += 3
                continue
            }
            if scalar.isASCII, allowed.contains(UInt8(scalar.value)) {
                output.unicodeScalars.append(scalar)
            } else {
                output += escape(scalar)
            }
            index += 1
        }
        return output
    }

    /// The two hex digits after the `%` at `index`, upper-cased.
    static func escapeHex(_ scalars: ArraySlice<Unicode.Scalar>, at index: Int) throws(LinkPartError)
        -> String
    {
        guard index + 2 < scalars.endIndex, scalars[index + 1].isASCIIHexDigit, scalars[index + 2].isASCIIHexDigit
        else { throw .badPercentEscape }
        return String(String.UnicodeScalarView(scalars[(index + 1)...(index + 2)])).uppercased()
    }

    /// `%XX` for each UTF-8 byte of `scalar`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf8.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }
}
